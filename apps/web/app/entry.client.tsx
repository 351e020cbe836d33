import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkReload } from '~/features/chunk-reload/chunk-reload';

// Installed before hydration so a chunk that fails during start-up is caught too.
installChunkReload();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
