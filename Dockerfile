# The console as a container: Debian with Debian's ffmpeg, Bun from the npm registry (as
# server/setup.sh installs it), run as an unprivileged user, data in a volume.
# Build: docker build -t stream-console .   Run: see compose.yaml.

FROM debian:bookworm-slim AS build
ARG BUN_VERSION=1.4.5
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates nodejs npm \
 && npm install -g --no-audit --no-fund "bun@${BUN_VERSION}" \
 && cp "$(readlink -f "$(command -v bun)")" /usr/local/bin/bun-native \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
# The client bundle is built here; the runtime image keeps production dependencies only.
RUN bun run client/build.ts \
 && rm -rf node_modules \
 && bun install --frozen-lockfile --production

FROM debian:bookworm-slim
# /data/media exists in the image so that a volume mounted there alone (shared media, see
# deploy/compose.postgres.yaml) starts out owned by the console's user, as the /data volume does.
# ffmpeg pushes the streams; util-linux's setpriv ties every child to the server; tini reaps and
# passes signals on as PID 1.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates ffmpeg tini util-linux \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /home/console --shell /usr/sbin/nologin console \
 && mkdir -p /data/media && chown -R console:console /data
COPY --from=build /usr/local/bin/bun-native /usr/local/bin/bun
WORKDIR /app
COPY --from=build --chown=root:root /app /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000
USER console
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["bun", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server runs directly: the container's restart policy restarts it, so the keeper that
# `npm start` adds is not needed here.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["bun", "--max-http-header-size=65536", "server/main.ts"]
