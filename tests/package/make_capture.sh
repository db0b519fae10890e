#!/usr/bin/env bash
# Writes a small pcap (Ethernet, IPv4, TCP) of one connection to $1: handshake, 3 data segments
# of 1000 bytes from 198.18.0.1:40000 to 198.18.0.2:5300 and their ACKs, 10 ms apart. The
# installed `tcptune analyze` must find that one flow with 3000 bytes.
set -euo pipefail
out=$1

hex() { printf '%b' "$(sed -e 's/\([0-9a-f][0-9a-f]\)/\\x\1/g' <<<"$1")"; } # "0a1b" -> bytes 0x0a 0x1b
le32() { printf '%02x%02x%02x%02x' $(($1 & 255)) $((($1 >> 8) & 255)) $((($1 >> 16) & 255)) $((($1 >> 24) & 255)); }
be32() { printf '%08x' "$1"; }
be16() { printf '%04x' "$1"; }

# IPv4 header checksum over the 20 header bytes (hex string).
ip_checksum() {
  local h=$1 sum=0 i
  for ((i = 0; i < 40; i += 4)); do sum=$((sum + 16#${h:i:4})); done
  while ((sum >> 16)); do sum=$(((sum & 0xffff) + (sum >> 16))); done
  be16 $((~sum & 0xffff))
}

# packet USEC FROM_CLIENT SEQ ACK FLAGS PAYLOAD_LEN
packet() {
  local usec=$1 client=$2 seq=$3 ack=$4 flags=$5 len=$6
  local src=c6120001 dst=c6120002 sport=9c40 dport=14b4
  if [ "$client" = 0 ]; then src=c6120002 dst=c6120001 sport=14b4 dport=9c40; fi
  local tcp ip
  tcp="${sport}${dport}$(be32 "$seq")$(be32 "$ack")50${flags}faf000000000"
  ip="4500$(be16 $((40 + len)))0000400040060000${src}${dst}"
  ip="${ip:0:20}$(ip_checksum "${ip:0:20}0000${ip:24}")${ip:24}"
  local payload=""
  ((len == 0)) || payload=$(printf '%0*d' $((len * 2)) 0)
  local frame="0200000000020200000000010800${ip}${tcp}${payload}"
  local bytes=$((${#frame} / 2))
  hex "$(le32 1700000000)$(le32 "$usec")$(le32 $bytes)$(le32 $bytes)${frame}"
}

{
  hex "d4c3b2a1020004000000000000000000ffff000001000000" # pcap, microseconds, Ethernet
  packet 0 1 1000 0 02 0          # SYN
  packet 10000 0 5000 1001 12 0   # SYN+ACK
  packet 20000 1 1001 5001 10 0   # ACK
  packet 30000 1 1001 5001 18 1000
  packet 40000 0 5001 2001 10 0
  packet 50000 1 2001 5001 18 1000
  packet 60000 0 5001 3001 10 0
  packet 70000 1 3001 5001 18 1000
  packet 80000 0 5001 4001 10 0
} >"$out"
