package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
)

// bbolt holds an exclusive lock on the database while the bot runs, so a
// second process cannot open it. The running bot therefore serves hot
// backups on a unix socket beside the database; `tavern backup` asks there
// first and opens the file itself only when no bot is running.

// backupper is the part of the store a backup needs.
type backupper interface {
	Backup(w io.Writer) error
}

func backupSocket(dbPath string) string { return dbPath + ".backup.sock" }

// serveBackups answers every connection on the socket with a consistent copy
// of the database, until ctx ends.
func serveBackups(ctx context.Context, dbPath string, store backupper, log *slog.Logger) (stop func(), err error) {
	sock := backupSocket(dbPath)
	_ = os.Remove(sock) // a stale socket from a crashed run
	ln, err := net.Listen("unix", sock)
	if err != nil {
		return nil, fmt.Errorf("backup socket %s: %w", sock, err)
	}
	go func() {
		<-ctx.Done()
		ln.Close()
	}()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				if err := store.Backup(conn); err != nil {
					log.Error("backup failed", "err", err)
				}
			}()
		}
	}()
	return func() { ln.Close(); os.Remove(sock) }, nil
}

// writeBackup copies the database to file: from the running bot when one
// answers on the socket, otherwise through open (which opens the file
// directly). The copy is written to a temporary file and renamed, so a failed
// backup never leaves a truncated file behind.
func writeBackup(dbPath, file string, open func(string) (backupper, func() error, error)) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tavern-backup-*")
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	defer os.Remove(tmp.Name())
	n, err := copyBackup(dbPath, tmp, open)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	return n, nil
}

func copyBackup(dbPath string, w io.Writer, open func(string) (backupper, func() error, error)) (int64, error) {
	if conn, err := net.Dial("unix", backupSocket(dbPath)); err == nil {
		defer conn.Close()
		n, err := io.Copy(w, conn)
		if err == nil && n == 0 {
			err = errors.New("the running bot sent an empty backup (see its log)")
		}
		if err != nil {
			return 0, fmt.Errorf("backup from running bot: %w", err)
		}
		return n, nil
	}
	if _, err := os.Stat(dbPath); err != nil {
		return 0, fmt.Errorf("backup: no database at %s: %w", dbPath, err)
	}
	store, closeStore, err := open(dbPath)
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	defer closeStore()
	cw := &countingWriter{w: w}
	if err := store.Backup(cw); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	return cw.n, nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
