# searchagent: a static binary on a minimal, non-root image.
# docker compose up (docker-compose.yml) builds it; or:
#   docker build -t searchagent . && docker run --rm -p 8080:8080 searchagent
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/searchagent ./cmd/searchagent \
 && CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/intentctl ./cmd/intentctl

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/searchagent /out/intentctl /usr/local/bin/
USER nonroot:nonroot
ENV SEARCHAGENT_ADDR=0.0.0.0:8080
EXPOSE 8080
# distroless has no shell or curl: the image checks itself with its own client.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["searchagent", "healthcheck"]
ENTRYPOINT ["searchagent"]
CMD ["serve"]
