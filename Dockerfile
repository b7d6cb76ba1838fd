# Build a static binary, then run it as an unprivileged user with the database on a volume.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/tavern . && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tavern /tavern
COPY config.example.toml /etc/tavern/tavern.toml
# The volume's mount point must belong to the nonroot user (uid 65532) so the
# database can be created in it.
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME ["/data"]
# Set DISCORD_TOKEN (and the other DISCORD_* variables) at run time; the
# playground (no token) listens on loopback only and is for local use.
ENV TAVERN_STORAGE_PATH=/data/tavern.db
USER nonroot:nonroot
EXPOSE 8081
ENTRYPOINT ["/tavern", "--config", "/etc/tavern/tavern.toml"]
