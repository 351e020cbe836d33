export { Link, type LinkDoc } from './model';
export {
  createLink,
  getLink,
  getLinkForAdmin,
  listLinks,
  listLinksForAdmin,
  listTopLinks,
  updateLink,
  type AdminLinkQuery,
  type LinkPageResult,
} from './links';
export { legacyLink, legacyLinkRow, presentLink, type LegacyLink } from './presenters';
