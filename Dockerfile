# Production image: install, build, start. The data folder (database, files, built sites) is a volume.
FROM node:24-bookworm-slim

WORKDIR /app
ENV NODE_ENV=production PORT=4321 HOST=0.0.0.0 DATA_DIR=/app/data ASTRO_DEV_BACKGROUND=0

COPY package.json package-lock.json ./
# Runtime dependencies only: the site is built at start, into the data volume.
RUN npm ci --omit=dev --no-audit --no-fund

COPY . .

# The shop runs as the image's unprivileged `node` user: it owns the data volume and the project's
# `.astro/` (each build renders in a folder of its own there); the code stays root's, read-only to it.
RUN mkdir -p /app/data /app/.astro && chown node:node /app/data /app/.astro
USER node

VOLUME ["/app/data"]
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s CMD node -e "fetch('http://127.0.0.1:4321/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrates, builds the site if missing, serves. No demo in production unless SEED_DEMO=demo (and then
# ALLOW_DEMO_ACCOUNTS=1, or the start refuses the demo's published passwords); the first administrator
# comes from `npm run admin:create -- correo@empresa.es`.
CMD ["npm", "start"]
