export { configCache } from './cache';
export { decodeValue, defaultConfigValue, encodeValue } from './codec';
export { SysConfig, type SysConfigRow } from './model';
export {
  getSiteConfig,
  getSiteConfigForAdmin,
  getSysConfigRowForAdmin,
  listSysConfigRowsForAdmin,
  presentSysConfigRow,
  type SysConfigRowItem,
  seedSiteConfig,
} from './site-config';
export { saveSiteConfig, writeConfigRow } from './save-site-config';
