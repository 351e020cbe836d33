export { configCache } from './cache';
export { decodeValue, defaultConfigValue, encodeValue } from './codec';
export { SysConfig, type SysConfigRow } from './model';
export {
  getSiteConfig,
  getSysConfigRow,
  legacySysConfigRow,
  listSysConfigRows,
  saveSiteConfig,
  seedSiteConfig,
} from './site-config';
