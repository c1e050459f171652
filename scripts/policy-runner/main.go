// The Node.js language host built from an older sdk/v3 (scripts/setup-pulumi.sh, its fallback)
// answers RunPlugin with "not supported", and the pinned CLI starts a Node.js policy pack
// (`pulumi preview --policy-pack DIR`, PulumiPolicy.yaml `runtime: nodejs`) only through the
// language host's RunPlugin. This program stands in the CLI's bin folder as
// pulumi-language-nodejs, in front of the host (the options launcher ../hosts/language-options,
// which execs ../hosts/pulumi-language-nodejs): every call goes through to the host unchanged,
// except RunPlugin of a policy pack (kind "analyzer"), which it serves itself as an official host
// does: `node <@pulumi/pulumi/cmd/run-policy-pack> <engine address> .` in the pack's folder, with
// the pack's node_modules, its output streamed back.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"
)

// frame is one message as bytes: the proxy passes messages through without decoding them.
type frame struct{ payload []byte }

type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return v.(*frame).payload, nil }
func (rawCodec) Unmarshal(data []byte, v any) error {
	v.(*frame).payload = append([]byte(nil), data...)
	return nil
}
func (rawCodec) Name() string { return "proto" }

const runPlugin = "/pulumirpc.LanguageRuntime/RunPlugin"

func main() {
	self, err := os.Executable()
	if err != nil {
		fail("cannot find its own path: %v", err)
	}
	host := &exec.Cmd{
		Path:   filepath.Join(filepath.Dir(self), "..", "hosts", "language-options"),
		Args:   append([]string{"pulumi-language-nodejs"}, os.Args[1:]...),
		Stderr: os.Stderr,
	}
	stdout, err := host.StdoutPipe()
	if err != nil {
		fail("%v", err)
	}
	if err := host.Start(); err != nil {
		fail("cannot start the language host %s: %v", host.Path, err)
	}
	lines := bufio.NewReader(stdout)
	port, err := lines.ReadString('\n')
	if err != nil {
		fail("the language host printed no port: %v", err)
	}
	go func() { _, _ = io.Copy(os.Stderr, lines) }()
	conn, err := grpc.NewClient("127.0.0.1:"+strings.TrimSpace(port),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(rawCodec{}), grpc.MaxCallRecvMsgSize(1<<30)))
	if err != nil {
		fail("cannot reach the language host: %v", err)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail("%v", err)
	}
	server := grpc.NewServer(grpc.ForceServerCodec(rawCodec{}), grpc.MaxRecvMsgSize(1<<30),
		grpc.UnknownServiceHandler(func(_ any, stream grpc.ServerStream) error {
			method, _ := grpc.MethodFromServerStream(stream)
			if method == runPlugin {
				return runPluginCall(stream, conn)
			}
			return forward(stream, conn, method, nil)
		}))
	fmt.Printf("%d\n", listener.Addr().(*net.TCPAddr).Port)
	go func() { _ = host.Wait(); server.Stop() }()
	_ = server.Serve(listener)
	_ = host.Process.Kill()
}

// runPluginCall serves RunPlugin of a policy pack; any other kind goes to the host.
func runPluginCall(stream grpc.ServerStream, conn *grpc.ClientConn) error {
	first := &frame{}
	if err := stream.RecvMsg(first); err != nil {
		return err
	}
	var req pulumirpc.RunPluginRequest
	if err := proto.Unmarshal(first.payload, &req); err != nil || req.GetKind() != "analyzer" {
		return forward(stream, conn, runPlugin, first)
	}
	dir := req.GetInfo().GetProgramDirectory()
	script, err := findUp(dir, filepath.Join("node_modules", "@pulumi", "pulumi", "cmd", "run-policy-pack"))
	if err != nil {
		return fmt.Errorf("it looks like the policy pack's dependencies are not installed; run npm install in %s", dir)
	}
	cmd := exec.CommandContext(stream.Context(), "node", append(append([]string{script}, req.GetArgs()...), ".")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), req.GetEnv()...)
	var mu sync.Mutex
	send := func(response *pulumirpc.RunPluginResponse) error {
		payload, err := proto.Marshal(response)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		return stream.SendMsg(&frame{payload})
	}
	out, _ := cmd.StdoutPipe()
	errs, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		return err
	}
	var pumps sync.WaitGroup
	pump := func(reader io.Reader, wrap func([]byte) *pulumirpc.RunPluginResponse) {
		defer pumps.Done()
		buffer := make([]byte, 32*1024)
		for {
			n, err := reader.Read(buffer)
			if n > 0 {
				_ = send(wrap(append([]byte(nil), buffer[:n]...)))
			}
			if err != nil {
				return
			}
		}
	}
	pumps.Add(2)
	go pump(out, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	})
	go pump(errs, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	})
	pumps.Wait()
	code := int32(0)
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return err
		}
		code = int32(exit.ExitCode())
	}
	return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code}})
}

// findUp finds rel in dir or the nearest folder above it.
func findUp(dir, rel string) (string, error) {
	for {
		candidate := filepath.Join(dir, rel)
		if _, err := os.Stat(candidate); err == nil {
			return candidate, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}

// forward passes one call through to the host, both directions, `first` already read from the caller.
func forward(stream grpc.ServerStream, conn *grpc.ClientConn, method string, first *frame) error {
	ctx, cancel := context.WithCancel(stream.Context())
	defer cancel()
	if md, ok := metadata.FromIncomingContext(ctx); ok {
		ctx = metadata.NewOutgoingContext(ctx, md.Copy())
	}
	client, err := conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true, ClientStreams: true}, method)
	if err != nil {
		return err
	}
	go func() {
		if first != nil {
			if client.SendMsg(first) != nil {
				return
			}
		}
		for {
			message := &frame{}
			if stream.RecvMsg(message) != nil {
				_ = client.CloseSend()
				return
			}
			if client.SendMsg(message) != nil {
				return
			}
		}
	}()
	for {
		message := &frame{}
		if err := client.RecvMsg(message); err != nil {
			stream.SetTrailer(client.Trailer())
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if header, err := client.Header(); err == nil && header != nil {
			_ = stream.SetHeader(header)
		}
		if err := stream.SendMsg(message); err != nil {
			return err
		}
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "pulumi-language-nodejs (policy runner): "+format+"\n", args...)
	os.Exit(1)
}
