# syntax=docker/dockerfile:1
# The staff console's gateway image: the built console (dist/client) and the bundled gateway
# (dist/server/gateway.js) on Node 24 LTS with production dependencies only, running as a non-root user.

FROM node:24-slim AS build
WORKDIR /app
ENV CI=1 NO_UPDATE_NOTIFIER=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS deps
WORKDIR /app
ENV CI=1 NO_UPDATE_NOTIFIER=1
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    STATIC_DIR=/app/dist/client
COPY --from=deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/dist ./dist
# The files stay root-owned and read-only for the process: a compromised gateway cannot rewrite what it serves.
USER node
EXPOSE 8080
# /healthz is liveness only; orchestrators that support it should probe /readyz for readiness.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node as PID 1 receives SIGTERM directly; the gateway drains in-flight requests and exits.
CMD ["node", "dist/server/gateway.js"]
