import { createContext, useContext } from "react";

/**
 * How many in-app navigations have happened. 0 on the first page load, where focus must stay
 * at the top of the document; after that each new page's heading takes focus so screen
 * readers announce where the user arrived.
 */
export const NavigationCountContext = createContext(0);

export const useNavigationCount = () => useContext(NavigationCountContext);
