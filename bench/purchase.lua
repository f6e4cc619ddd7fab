-- wrk script of `npm run bench:selling` (http-driver.ts): one thread per connection, each thread one shop of
-- SHOPS (a CSV of token,session,customer,configuration,user), each request with that shop's next pre-issued key
-- from KEY_FROM on, as keyOf in apps/server/test/sales-seed.ts writes it.
local shops = {}
for line in io.lines(os.getenv("SHOPS")) do
  local token, session, customer, configuration, user = line:match("([^,]+),([^,]+),([^,]+),([^,]+),([^,]+)")
  shops[#shops + 1] = {
    token = token, session = session, customer = customer, configuration = configuration, user = user,
  }
end

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("index", threads)
end

local shop, key
function init()
  shop = shops[(index - 1) % #shops + 1]
  key = tonumber(os.getenv("KEY_FROM"))
  wrk.method = "POST"
  wrk.path = "/api/add_transaction_v3/"
  wrk.headers["authorization"] = "Bearer " .. shop.token
  wrk.headers["x-session-id"] = shop.session
  wrk.headers["x-customer-id"] = shop.customer
  wrk.headers["content-type"] = "application/json"
end

function request()
  local body = string.format('{"transaction_key":"bench-key-%s-%06d","configuration":%s,"quantity":1}',
    shop.user, key, shop.configuration)
  key = key + 1
  return wrk.format(nil, nil, nil, body)
end
