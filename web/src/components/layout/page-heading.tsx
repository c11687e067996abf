import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigationCount } from "./navigation-focus";

interface PageHeadingProps {
  children: ReactNode;
  /** Text for document.title, before the portal's name. */
  documentTitle: string;
}

/** A page's <h1>: names the browser tab and takes focus after an in-app navigation. */
export function PageHeading({ children, documentTitle }: PageHeadingProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigationCount = useNavigationCount();
  const suffix = t("App.TitleSuffix");

  useEffect(() => {
    document.title = documentTitle === suffix ? suffix : `${documentTitle} | ${suffix}`;
  }, [documentTitle, suffix]);

  useEffect(() => {
    if (navigationCount > 0) headingRef.current?.focus({ preventScroll: true });
  }, [navigationCount]);

  return (
    <h1 ref={headingRef} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  );
}
