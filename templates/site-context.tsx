import { createContext, useContext } from 'react';
import type { SiteModel } from './model.js';

const SiteContext = createContext<SiteModel | undefined>(undefined);

export const SiteProvider = SiteContext.Provider;

/** The site's model, for components deep in a page (MDX components included). */
export function useSite(): SiteModel {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() was called outside <SiteProvider>; render pages through <Document>');
  return site;
}
