export { presentProfile } from './presenters';
export { setAvatar, setBackgroundImage } from './set-images';
export { updateProfile } from './update-profile';
