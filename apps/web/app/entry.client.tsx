import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installChunkReload } from '~/features/chunk-reload/chunk-reload';
import { registerServiceWorker } from '~/features/pwa/service-worker';
import { NonceContext, pageNonce } from '~/features/security/nonce';

// Installed before hydration so a chunk that fails during start-up is caught too.
installChunkReload();
registerServiceWorker();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={pageNonce()}>
        <HydratedRouter />
      </NonceContext.Provider>
    </StrictMode>,
  );
});
