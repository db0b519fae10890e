-- tshark oracle for the capture tests: run as
--   tshark -n -q -r FILE -X lua_script:conversations.lua
-- It listens on the "tcp" tap, the one behind `tshark -z conv,tcp`, so it sees exactly the frames
-- that tshark counts in TCP conversations, and prints per conversation (tcp.stream) the exact
-- frame and byte counts that conv,tcp rounds to kB. It also counts malformed frames: frames tshark
-- marks malformed (not counting TCP payload reassembly errors), or whose IP or TCP header lengths
-- or versions are bogus.
--   conv <stream> <addr A> <port A> <addr B> <port B> <frames A->B> <bytes A->B> <frames B->A> <bytes B->A>
--   malformed <count>
--   frames <count>
local conversations = {}
local order = {}
local tcp_tap = Listener.new("tcp", nil, false)
function tcp_tap.packet(pinfo, tvb, tcp)
  local key = tostring(tcp.th_stream)
  local c = conversations[key]
  local src = tostring(tcp.ip_src)
  if c == nil then
    c = { a = src, pa = tcp.th_sport, b = tostring(tcp.ip_dst), pb = tcp.th_dport, fab = 0, bab = 0, fba = 0, bba = 0 }
    conversations[key] = c
    order[#order + 1] = key
  end
  if src == c.a and tcp.th_sport == c.pa then
    c.fab = c.fab + 1
    c.bab = c.bab + pinfo.len
  else
    c.fba = c.fba + 1
    c.bba = c.bba + pinfo.len
  end
end

local malformed = 0
local bad_tap = Listener.new("frame", "(_ws.malformed && !_ws.malformed.reassembly) || " ..
                                      "ip.bogus_header_length || ip.bogus_ip_length || " ..
                                      "ip.bogus_ip_version || tcp.bogus_header_length")
function bad_tap.packet() malformed = malformed + 1 end

local frames = 0
local frame_tap = Listener.new("frame")
function frame_tap.packet() frames = frames + 1 end

function frame_tap.draw()
  for _, key in ipairs(order) do
    local c = conversations[key]
    print(string.format("conv %s %s %d %s %d %d %d %d %d", key, c.a, c.pa, c.b, c.pb, c.fab, c.bab, c.fba, c.bba))
  end
  print(string.format("malformed %d", malformed))
  print(string.format("frames %d", frames))
end
