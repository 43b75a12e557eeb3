import { initials } from '../lib/user-name.ts';

/** A user's picture, or their initials when there is none; decorative (the name is always beside it). */
export function Avatar({ name, picture }: { name: string; picture: string | null }) {
  return picture ? (
    <img className="avatar" src={picture} alt="" width={34} height={34} />
  ) : (
    <span className="avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}
