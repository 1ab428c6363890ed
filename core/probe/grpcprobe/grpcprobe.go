// Package grpcprobe probes GRPC interface entries natively, with
// google.golang.org/grpc and the A2A service stubs generated in the
// official Go SDK (a2a-go v2's a2apb/v1). It is kept out of core/probe
// because gRPC needs HTTP/2 connections that the Worker's fetch cannot
// open, and its code would only grow the Worker's bundle: the CLI imports
// it and passes New() as probe.Options.GRPC.
package grpcprobe

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"syscall"

	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/probe"
)

// New returns the gRPC prober for probe.Options.GRPC.
func New() probe.Prober { return Probe }

// Probe calls A2AService/GetTask for t.TaskID, which no task has, with the
// entry's version as a2a-version metadata; a conforming server answers
// NotFound. Every address dialled is checked against t.Policy first, so a
// name that resolves to a refused address is refused before connecting.
// Plain-text HTTP/2 is used for http:// URLs and for a bare "host:port" on
// a loopback or private host (as local gRPC servers usually run); TLS
// otherwise.
func Probe(ctx context.Context, t probe.Target) probe.Verdict {
	var (
		mu      sync.Mutex
		refusal error
	)
	dial := func(ctx context.Context, addr string) (net.Conn, error) {
		d := net.Dialer{Control: func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return err
			}
			if err := t.Policy.CheckAddr(ap.Addr()); err != nil {
				mu.Lock()
				refusal = err
				mu.Unlock()
				return err
			}
			return nil
		}}
		return d.DialContext(ctx, "tcp", addr)
	}
	host := t.URL.Host
	if t.URL.Port() == "" {
		host = t.URL.Host + ":443"
		if t.URL.Scheme == "http" {
			host = t.URL.Host + ":80"
		}
	}
	creds := credentials.NewTLS(&tls.Config{ServerName: t.URL.Hostname(), MinVersion: tls.VersionTLS12})
	if t.URL.Scheme == "http" || t.Bare && local(t.URL.Hostname()) {
		creds = insecure.NewCredentials()
	}
	conn, err := grpc.NewClient("passthrough:///"+host,
		grpc.WithTransportCredentials(creds),
		grpc.WithContextDialer(dial),
		grpc.WithUserAgent(t.UserAgent),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(int(t.MaxAnswer))),
	)
	if err != nil {
		return probe.Verdict{Outcome: probe.NotProbed, Detail: i18n.T("msg.probe.not-probed.url", t.Entry.URL)}
	}
	defer conn.Close()
	if t.Entry.Version != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, "a2a-version", t.Entry.Version)
	}
	// The caller's credentials, where the check's scope let them go
	// (core/check decides; t.Header is nil otherwise).
	for k, vs := range t.Header {
		for _, v := range vs {
			ctx = metadata.AppendToOutgoingContext(ctx, strings.ToLower(k), v)
		}
	}
	req := &a2apb.GetTaskRequest{Id: t.TaskID}
	if t.Entry.HasTenant {
		req.Tenant = t.Entry.Tenant
	}
	_, err = a2apb.NewA2AServiceClient(conn).GetTask(ctx, req, grpc.WaitForReady(false))
	mu.Lock()
	refusedErr := refusal
	mu.Unlock()
	if refusedErr != nil {
		return refused(refusedErr)
	}
	return judge(ctx, status.Convert(err), t)
}

// refused is the verdict for an address the policy forbids.
func refused(err error) probe.Verdict {
	var e *discovery.Error
	if errors.As(err, &e) && !e.Text.IsZero() {
		return probe.Verdict{Outcome: probe.RefusedByPolicy, Detail: i18n.T("msg.probe.refused", e.Text)}
	}
	return probe.Verdict{Outcome: probe.RefusedByPolicy, Detail: i18n.T("msg.probe.refused.other", err.Error())}
}

// reason is the A2A ErrorInfo reason in a status's details, or "".
func reason(st *status.Status) string {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetReason() != "" {
			return info.GetReason()
		}
	}
	return ""
}

// judge reads the status GetTask ended with.
func judge(ctx context.Context, st *status.Status, t probe.Target) probe.Verdict {
	code := st.Code()
	v := probe.Verdict{Status: int(code)}
	switch {
	case code == codes.NotFound:
		v.Outcome, v.Detail = probe.SpeaksDeclared, i18n.T("msg.probe.speaks.grpc")
	case code == codes.OK:
		v.Outcome, v.Detail = probe.SpeaksDeclared, i18n.T("msg.probe.speaks.grpc-other", code.String())
	case reason(st) == "VERSION_NOT_SUPPORTED":
		v.Outcome, v.Detail = probe.VersionRefused, i18n.T("msg.probe.version-refused.grpc", t.Entry.Version, code.String())
	case code == codes.Unauthenticated || code == codes.PermissionDenied:
		v.Outcome, v.Detail = probe.AuthRequired, i18n.T("msg.probe.auth.grpc", code.String())
	case code == codes.Unimplemented:
		// Also what grpc-go reports for an HTTP 404 answer: either way,
		// no A2A service answers at this address.
		v.Outcome, v.Detail = probe.WrongBinding, i18n.T("msg.probe.wrong.grpc-unimplemented")
	case code == codes.DeadlineExceeded || ctx.Err() != nil:
		v.Outcome, v.Status = probe.Unreachable, 0
		v.Detail = i18n.T("phrase.net.timeout", int(t.Timeout.Milliseconds()))
	case code == codes.Unavailable:
		return unavailable(st.Message(), t)
	case code == codes.Unknown || code == codes.Internal:
		// grpc-go's words when the answer was not gRPC at all (an HTTP/1
		// server, an HTML page with status 200).
		v.Outcome, v.Detail = probe.WrongBinding, i18n.T("msg.probe.wrong.not-grpc", clip(st.Message()))
	default:
		v.Outcome, v.Detail = probe.SpeaksDeclared, i18n.T("msg.probe.speaks.grpc-other", code.String())
	}
	return v
}

// unavailable reads grpc-go's words for a connection that gave no gRPC
// answer (it has no typed errors for these): an HTTP/1 server is not a
// gRPC server; the rest are failures to reach one.
func unavailable(msg string, t probe.Target) probe.Verdict {
	v := probe.Verdict{Outcome: probe.Unreachable}
	switch {
	case strings.Contains(msg, "HTTP/1.1 header"):
		v.Outcome, v.Detail = probe.WrongBinding, i18n.T("msg.probe.wrong.not-grpc", clip(msg))
	case strings.Contains(msg, "connection refused"):
		v.Detail = i18n.T("phrase.net.refused", t.URL.Host)
	case strings.Contains(msg, "no such host"):
		v.Detail = i18n.T("phrase.net.dns", strconv.Quote(t.URL.Hostname()))
	case strings.Contains(msg, "tls:"), strings.Contains(msg, "x509"), strings.Contains(msg, "handshake"):
		v.Detail = i18n.T("phrase.net.tls")
	default:
		v.Detail = i18n.T("phrase.net.other", clip(msg))
	}
	return v
}

// local reports whether host is on this machine or a private network,
// where gRPC servers commonly run without TLS.
func local(host string) bool {
	p := hosts.Classify(host)
	return p != hosts.Public && p != hosts.Tunnel
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
