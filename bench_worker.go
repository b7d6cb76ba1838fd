package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/config"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
)

// benchWorker is one worker process.
type benchWorker struct {
	n       int
	addr    string
	logPath string
	cmd     *exec.Cmd
	// trips is the worker store's round trips, as last reported.
	trips    atomic.Int64
	waitOnce sync.Once
	waitErr  error
	waited   chan struct{}
}

// startBenchWorker starts worker n serving on a free port over url, and
// reads its reports (finished is called with each interaction carried
// out, answered with each whose answer went out).
func startBenchWorker(ctx context.Context, command []string, dir string, n int, url, publicKey, apiURL string, globalRate int, images bool, finished, answered func(string)) (*benchWorker, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	cfgPath := filepath.Join(dir, fmt.Sprintf("worker%d.toml", n))
	cfg := fmt.Sprintf("[discord]\ntoken = \"bench-token\"\napplication_id = %q\npublic_key = %q\napi_url = %q\nglobal_rate = %d\n"+
		"[interactions]\nlisten = %q\n[storage]\nbackend = \"postgres\"\n[log]\nlevel = \"warn\"\n",
		fakediscord.AppID, publicKey, apiURL, globalRate, addr)
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		return nil, err
	}
	if len(command) == 0 {
		self, err := os.Executable()
		if err != nil {
			return nil, err
		}
		command = []string{self}
	}
	w := &benchWorker{n: n, addr: addr, logPath: filepath.Join(dir, fmt.Sprintf("worker%d.log", n)), waited: make(chan struct{})}
	logFile, err := os.Create(w.logPath)
	if err != nil {
		return nil, err
	}
	args := append(slices.Clone(command[1:]), "bench-worker", "--config", cfgPath, "--images="+strconv.FormatBool(images))
	w.cmd = exec.CommandContext(ctx, command[0], args...)
	w.cmd.Env = append(os.Environ(), "TAVERN_DATABASE_URL="+url)
	w.cmd.Stderr = logFile
	reports, err := w.cmd.StdoutPipe()
	if err != nil {
		logFile.Close()
		return nil, err
	}
	if err := w.cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("bench: start worker %d: %w", n, err)
	}
	go func() {
		sc := bufio.NewScanner(reports)
		for sc.Scan() {
			var id string
			var trips int64
			if _, err := fmt.Sscanf(sc.Text(), "done %s %d", &id, &trips); err == nil {
				w.trips.Store(trips)
				finished(id)
			} else if _, err := fmt.Sscanf(sc.Text(), "answered %s", &id); err == nil {
				answered(id)
			}
		}
		w.waitErr = w.cmd.Wait()
		logFile.Close()
		close(w.waited)
	}()
	return w, nil
}

// exited reports an error once the worker has ended.
func (w *benchWorker) exited() error {
	select {
	case <-w.waited:
		return fmt.Errorf("bench: worker %d ended (%v); its log ends: %s", w.n, w.waitErr, w.logTail())
	default:
		return nil
	}
}

// logTail is the end of the worker's log, on one line (the bench removes
// its directory when it ends).
func (w *benchWorker) logTail() string {
	data, err := os.ReadFile(w.logPath)
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	const keep = 1500
	if len(data) > keep {
		data = data[len(data)-keep:]
	}
	return strings.Join(strings.Fields(string(data)), " ")
}

// stop ends the worker as an operator would (SIGTERM) and waits for it.
func (w *benchWorker) stop() {
	w.waitOnce.Do(func() {
		_ = w.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-w.waited:
		case <-time.After(30 * time.Second):
			_ = w.cmd.Process.Kill()
			<-w.waited
		}
	})
}

// runBenchWorker is one worker process of `tavern bench --backend
// postgres`: `tavern` serving the HTTP endpoint from its configuration,
// optionally without pictures, reporting on stdout each interaction it
// carried out ("done ID ROUNDTRIPS") and each whose answer went out
// ("answered ID") until SIGTERM.
func runBenchWorker(ctx context.Context, cfg config.Config, images bool, log *slog.Logger, stdout io.Writer) error {
	if cfg.Mode() != config.ModeHTTP || cfg.Storage.Backend != config.BackendPostgres {
		return errors.New("bench-worker: needs interactions.listen and the postgres backend (it is started by `tavern bench --backend postgres`)")
	}
	var (
		mu    sync.Mutex
		trips func() int64
	)
	return serveWith(ctx, cfg, log, io.Discard, serveOptions{
		noImages: !images,
		opened: func(s storage.Store) {
			if pg, ok := s.(*postgres.Store); ok {
				trips = func() int64 { return pg.Stats().RoundTrips }
			}
		},
		done: func(i *discordgo.Interaction) {
			mu.Lock()
			defer mu.Unlock()
			n := int64(0)
			if trips != nil {
				n = trips()
			}
			fmt.Fprintf(stdout, "done %s %d\n", i.ID, n)
		},
		answered: func(i *discordgo.Interaction) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(stdout, "answered %s\n", i.ID)
		},
	})
}
