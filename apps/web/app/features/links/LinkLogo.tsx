import { useState } from 'react';
import { Icon } from '~/components/icons';

/** A friend link's logo, or a globe when it has none or the image fails. */
export function LinkLogo({ logo, size = 32 }: { logo: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size };
  if (logo && !broken) {
    return (
      <img
        src={logo}
        alt=""
        style={box}
        loading="lazy"
        className="shrink-0 rounded-md border border-line bg-card object-contain"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      style={box}
      className="flex shrink-0 items-center justify-center rounded-md bg-hover text-faint"
      aria-hidden="true"
    >
      <Icon size={Math.round(size * 0.55)} aria-hidden={undefined}>
        <circle cx="12" cy="12" r="10" />
        <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
      </Icon>
    </span>
  );
}
