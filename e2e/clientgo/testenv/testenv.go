// Package testenv gives a Go test a Capstan control plane of its own, as controller-runtime's
// envtest.Environment does with etcd and kube-apiserver: Start execs `capstan testenv`, waits for
// its ready line and loads the kubeconfig it prints; Stop closes the pipe the process watches,
// waits for it to end and for its directory to go. A test process that dies closes the pipe too,
// so the control plane never outlives its test.
package testenv

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

// Environment is one running control plane.
type Environment struct {
	// Config reaches the API server as an administrator (system:masters).
	Config *rest.Config
	// KubeconfigPath is the kubeconfig's file, removed by Stop.
	KubeconfigPath string
	cmd            *exec.Cmd
	stdin          io.WriteCloser
}

var readyLine = regexp.MustCompile(`^Capstan testenv is ready at (\S+): export KUBECONFIG=(\S+) `)

// Start runs `<capstan> testenv --stop-on-stdin-close` with the extra flags (--crd-paths=DIR,
// --controllers, --feature-gates=..., see `capstan testenv --help`) and returns once it is ready.
func Start(capstan string, flags ...string) (*Environment, error) {
	cmd := exec.Command(capstan, append([]string{"testenv", "--stop-on-stdin-close"}, flags...)...)
	cmd.Stderr = os.Stderr
	// deploy/src/exit-with-parent.ts: it also stops once this process is gone.
	cmd.Env = append(os.Environ(), "CAPSTAN_EXIT_WITH_PARENT="+strconv.Itoa(os.Getpid()))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	env := &Environment{cmd: cmd, stdin: stdin}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if match := readyLine.FindStringSubmatch(lines.Text()); match != nil {
			env.KubeconfigPath = match[2]
			break
		}
	}
	if env.KubeconfigPath == "" {
		_ = env.Stop()
		return nil, fmt.Errorf("capstan testenv ended before its ready line")
	}
	// Nothing more is read from standard output: keep it drained so the process never blocks on it.
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	if env.Config, err = clientcmd.BuildConfigFromFlags("", env.KubeconfigPath); err != nil {
		_ = env.Stop()
		return nil, err
	}
	return env, nil
}

// Stop ends the control plane and waits until its process has exited (it removes its directory first).
func (e *Environment) Stop() error {
	_ = e.stdin.Close()
	return e.cmd.Wait()
}
