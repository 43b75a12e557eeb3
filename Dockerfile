# The staff console's images, from one Dockerfile by target; each is multi-stage and carries only the
# production dependencies its own server imports, runs as the non-root `node` user, and cannot rewrite its files.
#   docker build -t staff-console-gateway .                          the console and its edge gateway (default)
#   docker build --target backend -t staff-console-backend .         the reference back end
#   docker build --target auth-emulator -t staff-console-emulator .  the demo's Firebase Auth emulator (never production)
# A private npm registry or CA: pass an npmrc (and the CA file it names) as build secrets, never in a layer:
#   docker build --secret id=npmrc,src=$HOME/.npmrc --secret id=npm_ca,src=ca.pem ...
# (registry= and //host/:_authToken= lines; for the CA, cafile=/run/secrets/npm_ca).
# There is deliberately no `# syntax=` line: it makes BuildKit pull a frontend image, which an air-gapped build
# machine cannot; the built-in frontend handles everything here.

FROM node:24-slim AS build
WORKDIR /app
ENV CI=1 NO_UPDATE_NOTIFIER=1 NPM_CONFIG_USERCONFIG=/run/secrets/npmrc
COPY package.json package-lock.json .npmrc ./
RUN --mount=type=secret,id=npmrc --mount=type=secret,id=npm_ca npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS backend-deps
WORKDIR /app
ENV CI=1 NO_UPDATE_NOTIFIER=1 NPM_CONFIG_USERCONFIG=/run/secrets/npmrc
COPY package.json package-lock.json .npmrc ./
# firebase-admin's optional dependencies (Firestore, Cloud Storage and their gRPC stack) are never loaded.
RUN --mount=type=secret,id=npmrc --mount=type=secret,id=npm_ca npm ci --omit=dev --omit=optional --no-audit --no-fund

FROM backend-deps AS gateway-deps
# The gateway opens no database: without the back end's drivers (PGlite alone is 27 MB).
RUN npm pkg delete dependencies.@electric-sql/pglite dependencies.pg \
 && npm prune --omit=dev --omit=optional --no-audit --no-fund \
 && rm -rf node_modules/@electric-sql

FROM build AS auth-emulator
ENV FIREBASE_PROJECT_ID=demo-staff-console AUTH_EMULATOR_HOST=0.0.0.0 AUTH_EMULATOR_PORT=9099 EMULATOR_WORK_DIR=/tmp/auth-emulator
USER node
EXPOSE 9099
CMD ["node", "--import", "tsx", "scripts/demo-emulator.ts"]

FROM node:24-slim AS backend
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8081 \
    HOST=0.0.0.0 \
    DATA_DIR=/data/db
COPY --from=backend-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/dist/server/backend.js /app/dist/server/backend.js.map ./dist/server/
# The accounting stand-in of the demo compose file runs from this image too (node dist/server/accounting-standin.js).
COPY --from=build --chown=root:root /app/dist/server/accounting-standin.js /app/dist/server/accounting-standin.js.map ./dist/server/
# And the ASP stand-in (e-invoicing): node dist/server/asp-standin.js.
COPY --from=build --chown=root:root /app/dist/server/asp-standin.js /app/dist/server/asp-standin.js.map ./dist/server/
# PGlite's data folder when DATABASE_URL is unset; with a Postgres server nothing is written locally.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8081
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8081)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/server/backend.js"]

FROM node:24-slim AS gateway
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    STATIC_DIR=/app/dist/client
COPY --from=gateway-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/dist/client ./dist/client
COPY --from=build --chown=root:root /app/dist/server/gateway.js /app/dist/server/gateway.js.map ./dist/server/
# The files stay root-owned and read-only for the process: a compromised gateway cannot rewrite what it serves.
USER node
EXPOSE 8080
# /healthz is liveness only; orchestrators that support it should probe /readyz for readiness. With
# TLS_CERT_FILE set the gateway speaks only HTTPS on PORT (its own certificate, so not verified here).
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "const s=!!process.env.TLS_CERT_FILE;require(s?'https':'http').get({host:'127.0.0.1',port:process.env.PORT||8080,path:'/healthz',rejectUnauthorized:false,timeout:2500},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1)).on('timeout',()=>process.exit(1))"]
# Node as PID 1 receives SIGTERM directly; the gateway drains in-flight requests and exits.
CMD ["node", "dist/server/gateway.js"]
