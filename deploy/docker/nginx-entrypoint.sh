#!/bin/sh
# Starts nginx in the web app and edge images. As the official nginx image does, each
# /etc/nginx/templates/<name>.template becomes <name> (here under /tmp/nginx/conf.d: the root
# filesystem is read-only), with only the variables whose names match NGINX_ENVSUBST_FILTER replaced
# (deploy/edge/sites/*.conf.template: the sites' URLs; nginx's own $variables stay).
set -eu
mkdir -p /tmp/nginx/conf.d
for template in /etc/nginx/templates/*.template; do
  [ -e "$template" ] || continue
  variables=$(env | cut -d= -f1 | grep -E "${NGINX_ENVSUBST_FILTER:-^$}" | sed 's/^/$/' | tr '\n' ' ')
  envsubst "$variables" < "$template" > "/tmp/nginx/conf.d/$(basename "$template" .template)"
done
exec nginx -e stderr -c /etc/nginx/freight.conf -g 'daemon off;'
