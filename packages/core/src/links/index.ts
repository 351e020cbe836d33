export { Link, type LinkDoc } from './model';
export {
  createLink,
  getLink,
  getLinkForAdmin,
  listLinks,
  listLinksForAdmin,
  listTopLinks,
  reorderLinks,
  updateLink,
  type AdminLinkQuery,
  type LinkPageResult,
} from './links';
export { legacyLink, legacyLinkRow, presentAdminLink, presentLink, type LegacyLink } from './presenters';
export {
  configureLinkDetection,
  detectLink,
  isPrivateAddress,
  readPageInfo,
  type DetectedLink,
} from './detect-link';
