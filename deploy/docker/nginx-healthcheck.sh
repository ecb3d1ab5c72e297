#!/bin/bash
# The web app and edge images' HEALTHCHECK: GET $HEALTH_PATH on the nginx port answers 200
# (bash's /dev/tcp: the image has no HTTP client). Kubernetes probes the same path itself.
# NGINX_PORT: the port, when a mounted configuration changes it from 8080.
exec 3<>"/dev/tcp/127.0.0.1/${NGINX_PORT:-8080}" || exit 1
printf 'GET %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$HEALTH_PATH" >&3
read -r -t 3 status <&3 || exit 1
case "$status" in *" 200 "*) exit 0 ;; *) exit 1 ;; esac
