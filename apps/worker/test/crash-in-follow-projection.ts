/**
 * Fixture: FOLLOWER_ID follows FOLLOWED_ID through the real `followUser` (or, with ACTION=unfollow,
 * stops following through `unfollowUser`), then dies by SIGKILL at the point where the read model's
 * lists are changed, i.e. after MongoDB holds the change and its event and before Redis shows it.
 */
import { followUser, systemContext, unfollowUser, User, type UserDoc } from '@forum/core';
import { connectDoomedProcess, killOnRedisCommand, survived } from './doomed-process';

// The membership script's first key names the row it places: `<prefix>rm:{rm}:in:follow:<id>:…`.
killOnRedisCommand('eval', (args) =>
  args.slice(2).some((arg) => String(arg).includes(':rm:{rm}:in:follow:')),
);
await connectDoomedProcess({ kv: true });
const act = process.env.ACTION === 'unfollow' ? unfollowUser : followUser;
const follower = await User.findById(Number(process.env.FOLLOWER_ID)).lean<UserDoc>();
await act(systemContext(follower), Number(process.env.FOLLOWED_ID));
survived('the call');
