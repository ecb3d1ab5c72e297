# One image per Node app: docker build -f deploy/docker/node.Dockerfile --build-arg APP=apps/gateway -t freight/gateway .
# (APP=the root of a service in libs/contracts/src/services.json, e.g. apps/services/directory.)
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci && npx nx run-many -t build && npm prune --omit=dev

FROM node:20-bookworm-slim
ARG APP
ENV NODE_ENV=production APP=${APP}
WORKDIR /app
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/libs ./libs
COPY --from=build /src/${APP} ./${APP}
USER node
CMD ["sh", "-c", "exec node \"$APP/dist/main.js\""]
