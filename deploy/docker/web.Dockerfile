# One nginx image per web app, serving its build at its path from deploy/edge/routes.json:
#   docker build -f deploy/docker/web.Dockerfile --build-arg APP=console --build-arg URL_PATH=/ -t freight/web-console .
#   docker build -f deploy/docker/web.Dockerfile --build-arg APP=master-data --build-arg URL_PATH=/remotes/master-data/ -t freight/web-master-data .
#   docker build -f deploy/docker/web.Dockerfile --build-arg APP=tracking --build-arg URL_PATH=/site/ -t freight/web-tracking .
# (URL_PATH: the app's prefix route in routes.json; each deploy/k8s/web/<app>.yaml names its own command.)
FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /src
COPY . .
RUN npm ci && npx nx run "@freight/${APP}:build"

FROM nginx:1.27-alpine
ARG APP
ARG URL_PATH
COPY --from=build /src/apps/web/${APP}/dist /usr/share/nginx/html${URL_PATH}
COPY deploy/edge/apps/${APP}.conf /etc/nginx/conf.d/default.conf
