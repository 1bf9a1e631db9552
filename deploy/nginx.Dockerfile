# nginx with brotli_static and the shop's code, to generate its configuration from the route table
# (api/services/platform/nginx-config.ts) before it starts. Used by deploy/compose.yaml.
FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-static \
  && rm -rf /var/lib/apt/lists/* && rm -f /etc/nginx/sites-enabled/default
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
EXPOSE 80
