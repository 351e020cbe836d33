export {
  CAPTCHA_TTL_SECONDS,
  captchaImage,
  captchaUrl,
  requestCaptcha,
  requireCaptcha,
  verifyCaptcha,
} from './captcha';
export { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha } from './image';
