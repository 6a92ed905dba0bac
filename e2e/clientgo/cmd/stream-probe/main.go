// stream-probe drives pods/exec, pods/attach and pods/portforward of a Capstan API server with
// client-go v0.35's own streaming clients (remotecommand's SPDY, WebSocket and fallback executors;
// tools/portforward over SPDY), as Go operators do, and prints what it saw as one JSON object.
//
//	stream-probe KUBECONFIG exec|attach TRANSPORT NAMESPACE POD [-stdin TEXT] [-tty] [-- COMMAND...]
//	stream-probe KUBECONFIG portforward TRANSPORT NAMESPACE POD -port N [-send TEXT] [-connections K]
//
// TRANSPORT is spdy, websocket or fallback (WebSocket first, SPDY when the upgrade fails, as kubectl);
// port-forward's websocket is SPDY tunneled through a WebSocket, as kubectl 1.35 does it first.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/httpstream"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/tools/portforward"
	"k8s.io/client-go/tools/remotecommand"
	"k8s.io/client-go/transport/spdy"
	"k8s.io/client-go/util/exec"
)

type result struct {
	Stdout    string   `json:"stdout"`
	Stderr    string   `json:"stderr"`
	ExitCode  *int     `json:"exitCode,omitempty"`
	Error     string   `json:"error,omitempty"`
	Received  []string `json:"received,omitempty"`
	// ConnError is how a forwarded connection ended when it did not end with EOF: client-go
	// closes a connection the pod refused, and whether the local side then reads EOF or a reset
	// depends on timing (on kube-apiserver as here), so a reset counts as an empty answer.
	ConnError string `json:"connError,omitempty"`
	Log       string   `json:"log,omitempty"`
	ElapsedMs int64    `json:"elapsedMs,omitempty"`
}

func main() {
	if len(os.Args) < 6 {
		fail("usage: stream-probe KUBECONFIG exec|attach|portforward TRANSPORT NAMESPACE POD [flags] [-- COMMAND...]")
	}
	kubeconfig, verb, transport, namespace, pod := os.Args[1], os.Args[2], os.Args[3], os.Args[4], os.Args[5]
	flags := flag.NewFlagSet(verb, flag.ExitOnError)
	stdin := flags.String("stdin", "", "text written on stdin, then EOF")
	useStdin := flags.Bool("i", false, "open stdin (implied by -stdin)")
	stdinBytes := flags.Int("stdin-bytes", 0, "write this many bytes of a repeated alphabet on stdin instead of -stdin")
	summary := flags.Bool("summary", false, "print stdout's length and elapsed milliseconds instead of stdout itself")
	tty := flags.Bool("tty", false, "ask for a terminal, and send one resize")
	container := flags.String("container", "", "the container")
	port := flags.Int("port", 0, "the pod's port to forward")
	send := flags.String("send", "hello", "what each forwarded connection writes before it half-closes")
	connections := flags.Int("connections", 1, "forwarded connections, one after another")
	sendBytes := flags.Int("send-bytes", 0, "each forwarded connection writes this many bytes instead of -send, and the result says how many came back")
	timeout := flags.Duration("timeout", 30*time.Second, "give up after")
	until := flags.String("until", "", "end the stream (cancel its context) once stdout holds this text")
	if err := flags.Parse(os.Args[6:]); err != nil {
		fail(err.Error())
	}
	config, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
	if err != nil {
		fail(err.Error())
	}
	client := kubernetes.NewForConfigOrDie(config)
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()

	var out result
	switch verb {
	case "exec", "attach":
		if *stdinBytes > 0 {
			*stdin = strings.Repeat("abcdefghijklmnopqrstuvwxyz\n", *stdinBytes/27+1)[:*stdinBytes]
		}
		withStdin := *useStdin || *stdin != ""
		request := client.CoreV1().RESTClient().Post().Resource("pods").Namespace(namespace).Name(pod).SubResource(verb)
		if verb == "exec" {
			request.VersionedParams(&corev1.PodExecOptions{Container: *container, Command: flags.Args(), Stdin: withStdin, Stdout: true, Stderr: !*tty, TTY: *tty}, scheme.ParameterCodec)
		} else {
			request.VersionedParams(&corev1.PodAttachOptions{Container: *container, Stdin: withStdin, Stdout: true, Stderr: !*tty, TTY: *tty}, scheme.ParameterCodec)
		}
		executor, err := executorFor(transport, config, request.URL())
		if err != nil {
			fail(err.Error())
		}
		var stdout, stderr bytes.Buffer
		var stdoutWriter io.Writer = &stdout
		if *until != "" {
			stdoutWriter = &watchingWriter{buffer: &stdout, text: *until, found: cancel}
		}
		options := remotecommand.StreamOptions{Stdout: stdoutWriter, Tty: *tty}
		if !*tty {
			options.Stderr = &stderr
		} else {
			options.TerminalSizeQueue = &oneSize{}
		}
		if withStdin {
			options.Stdin = strings.NewReader(*stdin)
		}
		started := time.Now()
		err = executor.StreamWithContext(ctx, options)
		out.Stdout, out.Stderr = stdout.String(), stderr.String()
		if *summary {
			out.Stdout = fmt.Sprintf("%d bytes, same as stdin: %v", stdout.Len(), stdout.String() == *stdin)
			out.ElapsedMs = time.Since(started).Milliseconds()
		}
		if err != nil {
			var exitErr exec.CodeExitError
			if errors.As(err, &exitErr) {
				code := exitErr.ExitStatus()
				out.ExitCode = &code
			}
			out.Error = fmt.Sprintf("%T: %v", err, err)
		} else {
			zero := 0
			out.ExitCode = &zero
		}
	case "portforward":
		location := client.CoreV1().RESTClient().Post().Resource("pods").Namespace(namespace).Name(pod).SubResource("portforward").URL()
		if *sendBytes > 0 {
			*send = strings.Repeat("0123456789abcdef", *sendBytes/16+1)[:*sendBytes]
		}
		started := time.Now()
		out = forward(ctx, config, transport, location, *port, *send, *connections)
		out.ElapsedMs = time.Since(started).Milliseconds()
		if *sendBytes > 0 {
			for i, received := range out.Received {
				out.Received[i] = fmt.Sprintf("%d bytes", len(received))
			}
		}
	default:
		fail("unknown verb " + verb)
	}
	encoded, _ := json.Marshal(out)
	fmt.Println(string(encoded))
}

func executorFor(transport string, config *rest.Config, location *url.URL) (remotecommand.Executor, error) {
	switch transport {
	case "spdy":
		return remotecommand.NewSPDYExecutor(config, "POST", location)
	case "websocket":
		return remotecommand.NewWebSocketExecutor(config, "GET", location.String())
	case "fallback":
		websocket, err := remotecommand.NewWebSocketExecutor(config, "GET", location.String())
		if err != nil {
			return nil, err
		}
		spdyExecutor, err := remotecommand.NewSPDYExecutor(config, "POST", location)
		if err != nil {
			return nil, err
		}
		return remotecommand.NewFallbackExecutor(websocket, spdyExecutor, func(err error) bool {
			return httpstream.IsUpgradeFailure(err) || httpstream.IsHTTPSProxyError(err)
		})
	}
	return nil, fmt.Errorf("unknown transport %q", transport)
}

// watchingWriter keeps what is written and calls found once it holds text.
type watchingWriter struct {
	buffer *bytes.Buffer
	text   string
	found  func()
}

func (w *watchingWriter) Write(p []byte) (int, error) {
	n, err := w.buffer.Write(p)
	if strings.Contains(w.buffer.String(), w.text) {
		w.found()
	}
	return n, err
}

// oneSize reports one terminal size, then none (the queue ends).
type oneSize struct{ sent bool }

func (q *oneSize) Next() *remotecommand.TerminalSize {
	if q.sent {
		return nil
	}
	q.sent = true
	return &remotecommand.TerminalSize{Width: 100, Height: 40}
}

// forward starts a port-forward to the pod's port on a free local port, then opens `connections`
// connections one after another: each writes `send`, half-closes, and reads to the end.
func forward(ctx context.Context, config *rest.Config, transport string, location *url.URL, port int, send string, connections int) result {
	var out result
	roundTripper, upgrader, err := spdy.RoundTripperFor(config)
	if err != nil {
		fail(err.Error())
	}
	var dialer httpstream.Dialer = spdy.NewDialer(upgrader, &http.Client{Transport: roundTripper}, "POST", location)
	switch transport {
	case "spdy":
	case "websocket", "fallback":
		// SPDY tunneled through a WebSocket (kubectl's first choice); fallback then tries plain SPDY.
		tunneling, err := portforward.NewSPDYOverWebsocketDialer(location, config)
		if err != nil {
			fail(err.Error())
		}
		if transport == "websocket" {
			dialer = tunneling
		} else {
			dialer = portforward.NewFallbackDialer(tunneling, dialer, func(err error) bool {
				return httpstream.IsUpgradeFailure(err) || httpstream.IsHTTPSProxyError(err)
			})
		}
	default:
		fail("unknown transport " + transport)
	}
	stop := make(chan struct{})
	ready := make(chan struct{})
	var log bytes.Buffer
	forwarder, err := portforward.NewOnAddresses(dialer, []string{"127.0.0.1"}, []string{fmt.Sprintf("0:%d", port)}, stop, ready, &log, &log)
	if err != nil {
		fail(err.Error())
	}
	done := make(chan error, 1)
	go func() { done <- forwarder.ForwardPorts() }()
	select {
	case <-ready:
	case err := <-done:
		out.Error = fmt.Sprintf("%T: %v", err, err)
		out.Log = log.String()
		return out
	case <-ctx.Done():
		fail("port-forward was not ready in time")
	}
	ports, err := forwarder.GetPorts()
	if err != nil || len(ports) != 1 {
		fail(fmt.Sprintf("forwarded ports: %v %v", ports, err))
	}
	for i := 0; i < connections; i++ {
		message := send
		if connections > 1 {
			message = fmt.Sprintf("%s %d", send, i)
		}
		received, err := roundTrip(ctx, fmt.Sprintf("127.0.0.1:%d", ports[0].Local), message)
		if err != nil && received == "" && isReset(err) {
			out.ConnError = err.Error()
		} else if err != nil {
			out.Error = err.Error()
			break
		}
		out.Received = append(out.Received, received)
	}
	// A connection the pod refused comes back empty, and client-go then ends the whole forward
	// ("lost connection to pod"): wait for that; otherwise stop the forward.
	lost := out.Error != ""
	for _, received := range out.Received {
		lost = lost || received == ""
	}
	if !lost {
		close(stop)
	}
	select {
	case err := <-done:
		if err != nil && out.Error == "" {
			out.Error = err.Error()
		}
	case <-ctx.Done():
		out.Error = "the forward did not end"
	}
	out.Log = log.String()
	return out
}

func roundTrip(ctx context.Context, address, send string) (string, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", address)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	if _, err := io.WriteString(conn, send); err != nil {
		return "", err
	}
	_ = conn.(*net.TCPConn).CloseWrite()
	received, err := io.ReadAll(conn)
	return string(received), err
}

// isReset says whether a forwarded connection was cut by its peer rather than failing here.
func isReset(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, message)
	os.Exit(2)
}
