// Package dest decides whether a host may attach a credential to an
// outbound request: the check a host calls after the policy engine has
// allowed a tool call and before the call's network request carries a token,
// an API key or any other secret.
//
// It sits outside the nine-step evaluation of package policy, in the host's
// own flow: policy decides whether a call may run at all; dest decides where
// the bytes of an allowed call may go with a credential attached (see
// docs/security-model.md, Outbound destinations).
//
// # The rule
//
// [Origin.Check] allows a URL only when its scheme is https and its scheme,
// host and effective port (443 for https, 80 for http when no port is
// written) equal those of the configured origin exactly. Plain http is
// accepted only for a literal loopback address written canonically
// (127.0.0.0/8 as a dotted quad, or [::1]), and then only when that is the
// configured origin. [CheckURL] is the same check without an origin: it
// says whether a URL is a destination a credential could ever go to.
//
// Whatever the origin, these destinations are refused ([ReasonLinkLocal]):
//
//   - IPv4 link-local 169.254.0.0/16, the cloud metadata address
//     169.254.169.254 among them;
//   - IPv6 link-local fe80::/10, with or without a zone;
//   - every IPv6 address that embeds a blocked IPv4 address: IPv4-mapped
//     (::ffff:169.254.169.254), IPv4-compatible (::169.254.169.254),
//     IPv4-translated (::ffff:0:a9fe:a9fe), NAT64 (64:ff9b::/96 and the
//     local-use 64:ff9b:1::/48, the address read after a prefix of 48,
//     56, 64 and 96 bits), 6to4 (2002:a9fe:a9fe::/48) and Teredo (a
//     server or an obfuscated client address in 169.254.0.0/16).
//
// Cloud metadata services that answer outside link-local space are refused
// as [ReasonMetadata]: Alibaba's 100.100.100.200, Azure's wire server
// 168.63.129.16, Oracle's older 192.0.0.192, AWS's fd00:ec2::254 and
// Google's fd20:ce::254, in every spelling and IPv6 form above (local-use
// NAT64 at each prefix length an operator may choose), and the names that
// resolve to a metadata service on an instance (metadata.google.internal,
// metadata.goog, metadata, EC2's instance-data and
// instance-data.ec2.internal, Tencent's metadata.tencentyun.com, and a
// wildcard DNS name such as 169.254.169.254.nip.io or app-a9fea9fe.nip.io
// that holds a metadata address).
//
// The unspecified addresses and 0.0.0.0/8, which reach the local host on
// many systems, are refused as [ReasonUnspecified]. Loopback and ordinary
// LAN addresses remain available.
//
// # Spellings
//
// A URL parser or a resolver accepts many spellings of one address. Every
// one that decodes into a refused range is refused for that range's reason,
// and where readers disagree the safer reading wins:
//
//   - An IPv4 host in any inet_aton form (decimal 2852039166, octal
//     0251.0376.0251.0376, hexadecimal 0xa9fea9fe or 0xa9.0xfe.0xa9.0xfe,
//     the short forms 169.254.43518 and 169.16689662, or a mix) is decoded;
//     if it is not written as a canonical dotted quad it is refused even
//     when it names an ordinary address ([ReasonAmbiguousHost]), because Go's
//     own resolver sends such a name to DNS while the C library and browsers
//     read it as an address.
//   - A host whose last label is a number (all digits, or 0x and hex digits)
//     but that is no valid IPv4 address (999.1.1.1, 08.1.1.1) is refused as
//     ambiguous, as browsers refuse it.
//   - Trailing dots are removed before the host is judged, and a host that
//     had them is then refused as ambiguous (a resolver may read
//     169.254.169.254. as an address, and api.example.com. is not the
//     configured api.example.com).
//   - A percent-encoded host (%31%36%39.254.169.254) is decoded for the
//     judgement and then refused; so is an IPv6 zone (fe80::1%25eth0), and
//     any host that is not ASCII (browsers map full-width digits and
//     ideographic full stops onto an address): give an IDN in its xn--
//     form.
//   - Userinfo (https://api.example.com@169.254.169.254/) is refused; the
//     host is what follows the last @, as in net/url and browsers.
//   - Backslashes, spaces, tabs, line breaks and other control characters
//     anywhere in the URL are refused (browsers read a backslash as a slash
//     and delete tabs and line breaks, so two readers would see two hosts),
//     as are "https:host", "https:/host" and "https:///host".
//   - The scheme is compared without regard to case (HTTPS:// is https://),
//     as every client does; a port must be decimal without leading zeros.
//
// # DNS rebinding
//
// A URL with a host name is judged by its name: the check does not resolve
// it, and a name may resolve to 169.254.169.254 now or after the check.
// The host's resolver or dialer must therefore call the check again on the
// address it actually connects to: set [DialControl] as the Control function
// of the net.Dialer that carries credentialed requests (or call [CheckAddr]
// on each resolved address). Without that hook, DNS rebinding to a
// link-local address is not prevented.
//
// # Limits
//
// The metadata services named above are those the major clouds document;
// a cloud that answers elsewhere under a name of its own is caught only
// when the name resolves into 169.254.0.0/16 ([DialControl]). This is no
// DNS filter and no operating-system network isolation. Proxies are outside it: a request
// sent through an HTTP proxy is dialled to the proxy, so [DialControl] sees
// the proxy's address, not the destination's.
package dest
