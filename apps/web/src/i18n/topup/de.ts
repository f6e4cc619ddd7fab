export const topupErrorCodesDe = {
  provider_unavailable:
    'Der Anbieter antwortet gerade nicht. Es wurde nichts verkauft oder belastet; bitte versuchen Sie es gleich noch einmal.',
};
