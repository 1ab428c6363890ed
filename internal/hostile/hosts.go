package hostile

// Hosts are URLs naming hosts the Worker never fetches, each spelled so
// that a check that does not read the host the way the fetcher does (all
// trailing dots dropped, WHATWG IPv4 forms, IPv6 forms) takes it for a
// public name. One table for every outbound URL: core/discovery's test
// reads each as a card URL, a redirect hop and a target, core/check's
// sends each through every stage (card, probe, jku, extended card).
func Hosts() []string {
	return []string{
		"https://localhost/", "https://localhost./", "https://localhost../", "https://LOCALHOST.../x",
		"https://api.localhost../", "https://127.0.0.1../", "https://0x7f000001/", "https://2130706433/",
		"https://0177.0.0.1/", "https://127.1/", "https://[::1]/", "https://[0:0:0:0:0:0:0:1]/",
		"https://[::ffff:127.0.0.1]/", "https://169.254.169.254/", "https://169.254.169.254../",
		"https://10.0.0.1/", "https://metadata.google.internal../", "https://printer.local./",
	}
}
