export { presentAccountSettings, presentPublicProfile } from './presenters';
export { parseInput } from './input';
export { getUserProfile } from './profile';
export { type SignedIn } from './session';
export { setEmail, setPassword, setUsername, updatePassword } from './settings';
export { signIn, signOut } from './sign-in';
export { signUp } from './sign-up';
export * from '../captcha';
