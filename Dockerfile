# Build a static binary, then run it as an unprivileged user with the database on a volume.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/tavern .

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tavern /tavern
COPY config.example.toml /etc/tavern/tavern.toml
VOLUME ["/data"]
ENV TAVERN_STORAGE_PATH=/data/tavern.db
USER nonroot:nonroot
EXPOSE 8080 8081
ENTRYPOINT ["/tavern", "--config", "/etc/tavern/tavern.toml"]
