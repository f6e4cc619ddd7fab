/**
 * Operator staff (`/users/…`, the spec's users rule) and a shop's sub-users (`/seller/users/…`, the shop's managers)
 * use the same calls on the user's own customer; only paths, titles and the roles on offer differ.
 */
export type StaffScope = 'operator' | 'shop';

export const STAFF_SCOPES = {
  operator: {
    list: '/users/view',
    add: '/user/add',
    edit: (userId: number) => `/user/edit/${userId}`,
    listTitle: 'screen.users',
    addTitle: 'screen.userAdd',
    editTitle: 'screen.userEdit',
  },
  shop: {
    list: '/seller/users/view',
    add: '/seller/user/add',
    edit: (userId: number) => `/seller/user/edit/${userId}`,
    listTitle: 'screen.sellerUsers',
    addTitle: 'screen.sellerUserAdd',
    editTitle: 'screen.sellerUserEdit',
  },
} as const;
