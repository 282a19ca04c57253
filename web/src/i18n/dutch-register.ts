/**
 * Dutch speaks to the person in one register, the informal "je", as most of
 * the product does. The formal forms, as whole words in any case: u, uw, uwe,
 * uzelf. Global, so that every occurrence in a text can be listed; kept by the
 * locale test (every nl text) and the e2e suite (every page it reviews in nl).
 */
export const FORMAL_DUTCH = /(?:^|[^\p{L}])(?:u|uw|uwe|uzelf)(?![\p{L}’'-])/giu;
