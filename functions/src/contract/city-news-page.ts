/**
 * News page size (spec 3 §9). In a module without zod, so the news page of the web app does not
 * download and run the validation library for one number (issue 12).
 */
export const NEWS_PAGE_SIZE = 10;
