<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AbComparison</name>
    <message>
        <source>Run %1 or %2 has not ended: compare runs that ended.</source>
        <translation>Lauf %1 oder %2 ist nicht beendet: Vergleichen Sie beendete Läufe.</translation>
    </message>
    <message>
        <source>Throughput (Mbit/s)</source>
        <translation>Durchsatz (Mbit/s)</translation>
    </message>
    <message>
        <source>RTT min (ms)</source>
        <translation>RTT min. (ms)</translation>
    </message>
    <message>
        <source>RTT median (ms)</source>
        <translation>RTT-Median (ms)</translation>
    </message>
    <message>
        <source>RTT p95 (ms)</source>
        <translation>RTT p95 (ms)</translation>
    </message>
    <message>
        <source>Retransmissions</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>Bytes sent (MB)</source>
        <translation>Gesendete Bytes (MB)</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>far end %1</source>
        <translation>Gegenstelle %1</translation>
    </message>
</context>
<context>
    <name>AgentGate</name>
    <message>
        <source>Cannot create an epoll instance: %1.</source>
        <translation>Eine epoll-Instanz kann nicht angelegt werden: %1.</translation>
    </message>
    <message>
        <source>cannot accept connections (%1); pausing for %2 ms</source>
        <translation>Verbindungen können nicht angenommen werden (%1); Pause für %2 ms</translation>
    </message>
    <message>
        <source>refused: %1 connections are waiting to start, this agent&apos;s limit; try again later</source>
        <translation>abgelehnt: %1 Verbindungen warten auf den Start, die Grenze dieses Agenten; versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>refused: more than %1 new connections a second from %2, this agent&apos;s limit per network; try again later</source>
        <translation>abgelehnt: mehr als %1 neue Verbindungen pro Sekunde von %2, die Grenze dieses Agenten je Netz; versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>closed: %1 connections are waiting, this agent&apos;s limit, and this one waited longest; try again</source>
        <translation>geschlossen: %1 Verbindungen warten, die Grenze dieses Agenten, und diese hat am längsten gewartet; versuchen Sie es erneut</translation>
    </message>
    <message>
        <source>closed: %1 connections from %2 are waiting, this agent&apos;s limit per network, and this one waited longest; try again</source>
        <translation>geschlossen: %1 Verbindungen von %2 warten, die Grenze dieses Agenten je Netz, und diese hat am längsten gewartet; versuchen Sie es erneut</translation>
    </message>
    <message>
        <source>%1: left without answering the challenge (no token?)</source>
        <translation>%1: ohne Antwort auf die Challenge gegangen (kein Token?)</translation>
    </message>
    <message>
        <source>first line longer than %1 bytes; closing</source>
        <translation>erste Zeile länger als %1 Bytes; Verbindung wird geschlossen</translation>
    </message>
    <message>
        <source>refused start: wrong or missing token; give the client the agent&apos;s token</source>
        <translation>Start abgelehnt: falsches oder fehlendes Token; geben Sie dem Client das Token des Agenten</translation>
    </message>
    <message>
        <source>unexpected message type &apos;%1&apos; (expected start, data or probe)</source>
        <translation>unerwarteter Nachrichtentyp &apos;%1&apos; (erwartet start, data oder probe)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>no complete handshake within %1 s; closing</source>
        <translation>kein vollständiger Handshake innerhalb von %1 s; Verbindung wird geschlossen</translation>
    </message>
    <message>
        <source>(%1 similar lines not logged)</source>
        <translation>(%1 ähnliche Zeilen nicht protokolliert)</translation>
    </message>
    <message>
        <source>refused start: no client nonce (a client older than protocol %1); update the client</source>
        <translation>Start abgelehnt: keine Client-Nonce (ein Client älter als Protokoll %1); aktualisieren Sie den Client</translation>
    </message>
</context>
<context>
    <name>AgentProtocol</name>
    <message>
        <source>malformed control message (not a JSON object: %1)</source>
        <translation>fehlerhafte Steuernachricht (kein JSON-Objekt: %1)</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>malformed control message (no &quot;tcptune_agent&quot; protocol version)</source>
        <translation>fehlerhafte Steuernachricht (keine Protokollversion &quot;tcptune_agent&quot;)</translation>
    </message>
    <message>
        <source>protocol version %1 is not supported; this agent speaks version %2, update the older side</source>
        <translation>Protokollversion %1 wird nicht unterstützt; dieser Agent spricht Version %2, aktualisieren Sie die ältere Seite</translation>
    </message>
    <message>
        <source>malformed control message (no &quot;type&quot;)</source>
        <translation>fehlerhafte Steuernachricht (kein &quot;type&quot;)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a whole number from %2 to %3</source>
        <translation>&quot;%1&quot; muss eine ganze Zahl von %2 bis %3 sein</translation>
    </message>
    <message>
        <source>&quot;duration_s&quot; must be more than 0 and at most %1</source>
        <translation>&quot;duration_s&quot; muss größer als 0 und höchstens %1 sein</translation>
    </message>
    <message>
        <source>&quot;omit_s&quot; must be from 0 to 600</source>
        <translation>&quot;omit_s&quot; muss zwischen 0 und 600 liegen</translation>
    </message>
    <message>
        <source>&quot;request_bytes&quot; and &quot;response_bytes&quot; must both be 0 (sink) or both positive</source>
        <translation>&quot;request_bytes&quot; und &quot;response_bytes&quot; müssen beide 0 (Senke) oder beide positiv sein</translation>
    </message>
    <message>
        <source>the agent does not report its counters (an older tcptune)</source>
        <translation>der Agent meldet seine Zähler nicht (ein älteres tcptune)</translation>
    </message>
    <message>
        <source>&quot;confirm_host_changes&quot; must be true or false</source>
        <translation>&quot;confirm_host_changes&quot; muss true oder false sein</translation>
    </message>
    <message>
        <source>&quot;knobs&quot; must be an object of catalogue keys and values</source>
        <translation>&quot;knobs&quot; muss ein Objekt aus Katalog-Schlüsseln und Werten sein</translation>
    </message>
    <message>
        <source>the far knob %1: %2; nothing was changed</source>
        <translation>der ferne Knopf %1: %2; nichts wurde geändert</translation>
    </message>
    <message>
        <source>expected &quot;description&quot;, got &quot;%1&quot;</source>
        <translation>erwartet &quot;description&quot;, erhalten &quot;%1&quot;</translation>
    </message>
    <message>
        <source>malformed description (version, kernel or helper_usable missing)</source>
        <translation>fehlerhafte Beschreibung (version, kernel oder helper_usable fehlt)</translation>
    </message>
    <message>
        <source>the far knob &apos;%1&apos; is not a sysctl or link knob of tcptune&apos;s catalogue (&apos;tcptune knobs&apos; lists them); nothing was changed</source>
        <translation>der ferne Knopf &apos;%1&apos; ist weder ein Sysctl noch ein Link-Knopf aus dem Katalog von tcptune (&apos;tcptune knobs&apos; listet sie auf); nichts wurde geändert</translation>
    </message>
    <message>
        <source>&quot;idle_s&quot; must be from 0 to &quot;omit_s&quot; (the idle phase is part of it)</source>
        <translation>&quot;idle_s&quot; muss zwischen 0 und &quot;omit_s&quot; liegen (die Ruhephase ist ein Teil davon)</translation>
    </message>
    <message>
        <source>latency under load (&quot;rrul&quot;) needs &quot;latency_probe&quot;</source>
        <translation>Latenz unter Last (&quot;rrul&quot;) braucht &quot;latency_probe&quot;</translation>
    </message>
</context>
<context>
    <name>AgentRemote</name>
    <message>
        <source>The agent at %1 stopped answering (%2).</source>
        <translation>Der Agent unter %1 antwortet nicht mehr (%2).</translation>
    </message>
    <message>
        <source>The agent at %1 sent something this client does not understand (%2); is it a tcptune agent of the same version?</source>
        <translation>Der Agent unter %1 sandte etwas, das dieser Client nicht versteht (%2); ist es ein tcptune-Agent derselben Version?</translation>
    </message>
    <message>
        <source>The agent at %1 refused: %2.</source>
        <translation>Der Agent unter %1 lehnte ab: %2.</translation>
    </message>
    <message>
        <source>Cannot talk to the agent at %1: %2.</source>
        <translation>Keine Verbindung zum Agenten unter %1: %2.</translation>
    </message>
    <message>
        <source>The agent at %1 answered &apos;%2&apos; instead of &apos;ready&apos;.</source>
        <translation>Der Agent unter %1 antwortete &apos;%2&apos; statt &apos;ready&apos;.</translation>
    </message>
    <message>
        <source>The agent at %1 went away: %2.</source>
        <translation>Der Agent unter %1 ist weg: %2.</translation>
    </message>
    <message>
        <source>The agent at %1 answered &apos;%2&apos; instead of &apos;running&apos;.</source>
        <translation>Der Agent unter %1 antwortete &apos;%2&apos; statt &apos;running&apos;.</translation>
    </message>
    <message>
        <source>The agent at %1 closed the connection during the run.</source>
        <translation>Der Agent unter %1 schloss die Verbindung während des Laufs.</translation>
    </message>
    <message>
        <source>The connection to the agent at %1 failed during the run: %2.</source>
        <translation>Die Verbindung zum Agenten unter %1 brach während des Laufs ab: %2.</translation>
    </message>
    <message>
        <source>The agent at %1 went away at the end of the run: %2.</source>
        <translation>Der Agent unter %1 verschwand am Ende des Laufs: %2.</translation>
    </message>
    <message>
        <source>The agent at %1 answered &apos;%2&apos; instead of &apos;result&apos;.</source>
        <translation>Der Agent unter %1 antwortete &apos;%2&apos; statt &apos;result&apos;.</translation>
    </message>
    <message>
        <source>The agent at %1 needs a token; give the one it was started with (--token-file FILE or the TCPTUNE_TOKEN environment variable).</source>
        <translation>Der Agent unter %1 verlangt ein Token; geben Sie das an, mit dem er gestartet wurde (--token-file DATEI oder die Umgebungsvariable TCPTUNE_TOKEN).</translation>
    </message>
    <message>
        <source>The agent at %1 opened no data port for this run; is it a tcptune of the same version?</source>
        <translation>Der Agent unter %1 hat für diesen Lauf keinen Datenport geöffnet; ist es ein tcptune derselben Version?</translation>
    </message>
    <message>
        <source>The far host %1 runs an older tcptune (agent protocol %2)</source>
        <translation>Auf dem fernen Host %1 läuft ein älteres tcptune (Agent-Protokoll %2)</translation>
    </message>
    <message>
        <source>The far host %1 runs tcptune %2 (agent protocol %3)</source>
        <translation>Auf dem fernen Host %1 läuft tcptune %2 (Agent-Protokoll %3)</translation>
    </message>
    <message>
        <source>%1, this host tcptune %2 (protocol %3): install tcptune %2 on %4, or set TCPTUNE_REMOTE_PROGRAM to a tcptune %2 there.</source>
        <translation>%1, auf diesem Host tcptune %2 (Protokoll %3): installieren Sie tcptune %2 auf %4 oder setzen Sie TCPTUNE_REMOTE_PROGRAM auf ein tcptune %2 dort.</translation>
    </message>
    <message>
        <source>The agent at %1 did not describe its host (%2); is it a tcptune of the same version?</source>
        <translation>Der Agent unter %1 hat seinen Host nicht beschrieben (%2); ist es ein tcptune derselben Version?</translation>
    </message>
    <message>
        <source>The agent at %1 sent no nonce for this run; is it a tcptune of the same version?</source>
        <translation>Der Agent auf %1 hat für diesen Lauf keine Nonce geschickt; ist es ein tcptune derselben Version?</translation>
    </message>
    <message>
        <source>The agent at %1 did not prove that it knows the token (it sent no challenge), so it may not be the agent you started; nothing was run. Check the address, and start the agent with the same token (--token-file).</source>
        <translation>Der Agent auf %1 hat nicht bewiesen, dass er das Token kennt (er hat keine Challenge geschickt), er ist also vielleicht nicht der Agent, den Sie gestartet haben; es wurde nichts ausgeführt. Prüfen Sie die Adresse und starten Sie den Agenten mit demselben Token (--token-file).</translation>
    </message>
    <message>
        <source>The agent at %1 could not prove that it knows the token, so it may not be the agent you started (or it was started with another token); nothing was run. Check the address and the token file on both ends.</source>
        <translation>Der Agent auf %1 konnte nicht beweisen, dass er das Token kennt, er ist also vielleicht nicht der Agent, den Sie gestartet haben (oder er wurde mit einem anderen Token gestartet); es wurde nichts ausgeführt. Prüfen Sie die Adresse und die Token-Datei auf beiden Seiten.</translation>
    </message>
    <message>
        <source>The agent at %1 sent a line longer than %2 bytes during the run.</source>
        <translation>Der Agent auf %1 hat während des Laufs eine Zeile mit mehr als %2 Bytes gesendet.</translation>
    </message>
</context>
<context>
    <name>AgentToken</name>
    <message>
        <source>Cannot read the token file %1: %2.</source>
        <translation>Die Token-Datei %1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>The token file %1 is empty; write the token into it.</source>
        <translation>Die Token-Datei %1 ist leer; schreiben Sie das Token hinein.</translation>
    </message>
    <message>
        <source>--token would show the token to every user of this host (in the process list, /proc/PID/cmdline); put it in a file only you can read and give --token-file FILE, or set the TCPTUNE_TOKEN environment variable.</source>
        <translation>--token würde das Token jedem Benutzer dieses Hosts zeigen (in der Prozessliste, /proc/PID/cmdline); legen Sie es in eine Datei, die nur Sie lesen können, und geben Sie --token-file DATEI an, oder setzen Sie die Umgebungsvariable TCPTUNE_TOKEN.</translation>
    </message>
    <message>
        <source>Cannot check the token file %1: %2.</source>
        <translation>Die Token-Datei %1 kann nicht geprüft werden: %2.</translation>
    </message>
    <message>
        <source>The token file %1 belongs to another user; a token file must be your own. Make one with &apos;tcptune serve --new-token FILE&apos;.</source>
        <translation>Die Token-Datei %1 gehört einem anderen Benutzer; eine Token-Datei muss Ihre eigene sein. Erzeugen Sie eine mit &apos;tcptune serve --new-token DATEI&apos;.</translation>
    </message>
    <message>
        <source>The token file %1 is open to other users (mode %2); run &apos;chmod 600 %1&apos; (and make a new token if others may have read it).</source>
        <translation>Die Token-Datei %1 ist für andere Benutzer offen (Modus %2); führen Sie &apos;chmod 600 %1&apos; aus (und erzeugen Sie ein neues Token, falls andere es gelesen haben könnten).</translation>
    </message>
    <message>
        <source>The token in %1 is too weak to guard an agent (about %2 bits, at least %3 needed); make one with &apos;tcptune serve --new-token FILE&apos;.</source>
        <translation>Das Token in %1 ist zu schwach, um einen Agenten zu schützen (etwa %2 Bit, mindestens %3 nötig); erzeugen Sie eines mit &apos;tcptune serve --new-token DATEI&apos;.</translation>
    </message>
    <message>
        <source>Cannot make the token file %1: %2 (an existing file is never overwritten).</source>
        <translation>Die Token-Datei %1 kann nicht angelegt werden: %2 (eine vorhandene Datei wird nie überschrieben).</translation>
    </message>
    <message>
        <source>Cannot write the token file %1.</source>
        <translation>Die Token-Datei %1 kann nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>AgentUdpEcho</name>
    <message>
        <source>cannot bind UDP port %1: %2</source>
        <translation>UDP-Port %1 lässt sich nicht binden: %2</translation>
    </message>
    <message>
        <source>UDP latency probes in the last %1 s: %2 answered, %3 dropped (not a live run&apos;s request from its client), %4 over their run&apos;s rate</source>
        <translation>UDP-Latenzsonden in den letzten %1 s: %2 beantwortet, %3 verworfen (keine Anfrage eines laufenden Laufs von seinem Client), %4 über der Rate ihres Laufs</translation>
    </message>
</context>
<context>
    <name>AnalyzeCommand</name>
    <message>
        <source>%1: %2 packets, link type %3, %4 s, %5 TCP flows, %6 malformed</source>
        <translation>%1: %2 Pakete, Link-Typ %3, %4 s, %5 TCP-Flows, %6 fehlerhaft</translation>
    </message>
    <message>
        <source>client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>packets</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>c2s</source>
        <translation>c2s</translation>
    </message>
    <message>
        <source>s2c</source>
        <translation>s2c</translation>
    </message>
    <message>
        <source>retrans</source>
        <translation>Neuübertr.</translation>
    </message>
    <message>
        <source>rtt med ms</source>
        <translation>RTT Med. ms</translation>
    </message>
    <message>
        <source>rtt p95 ms</source>
        <translation>RTT p95 ms</translation>
    </message>
    <message>
        <source>via</source>
        <translation>über</translation>
    </message>
    <message>
        <source>Analyses the TCP flows of a pcap or pcapng capture as Wireshark would: bytes, retransmissions, round-trip times and bytes per interval, largest flow first.</source>
        <translation>Analysiert die TCP-Flüsse eines pcap- oder pcapng-Mitschnitts wie Wireshark: Bytes, Neuübertragungen, Umlaufzeiten und Bytes je Intervall, größter Fluss zuerst.</translation>
    </message>
    <message>
        <source>The capture file (pcap or pcapng).</source>
        <translation>Die Mitschnittdatei (pcap oder pcapng).</translation>
    </message>
    <message>
        <source>Print JSON instead of a table.</source>
        <translation>JSON statt einer Tabelle ausgeben.</translation>
    </message>
    <message>
        <source>Length of the intervals for bytes per interval, in seconds (default 0.1).</source>
        <translation>Länge der Intervalle für Bytes je Intervall, in Sekunden (Standard 0.1).</translation>
    </message>
    <message>
        <source>Stop with a partial result when the analysis would need more than this many MB of memory (default 64).</source>
        <translation>Mit einem Teilergebnis aufhören, wenn die Analyse mehr als so viele MB Speicher bräuchte (Standard 64).</translation>
    </message>
    <message>
        <source>Try &apos;tcptune analyze --help&apos;.</source>
        <translation>Versuchen Sie &apos;tcptune analyze --help&apos;.</translation>
    </message>
    <message>
        <source>Give exactly one capture file, e.g. &apos;tcptune analyze run.pcap&apos;.</source>
        <translation>Geben Sie genau eine Mitschnittdatei an, z. B. &apos;tcptune analyze run.pcap&apos;.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid interval; give a positive number of seconds, e.g. --interval 0.1.</source>
        <translation>&apos;%1&apos; ist kein gültiges Intervall; geben Sie eine positive Sekundenzahl an, z. B. --interval 0.1.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid memory limit; give a number of MB from 1 to 1048576, e.g. --max-memory 64.</source>
        <translation>&apos;%1&apos; ist keine gültige Speichergrenze; geben Sie eine Zahl von MB zwischen 1 und 1048576 an, z. B. --max-memory 64.</translation>
    </message>
    <message>
        <source>Cannot write to the standard output.</source>
        <translation>Die Standardausgabe kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>warning: </source>
        <translation>Warnung: </translation>
    </message>
    <message>
        <source>rtt n</source>
        <translation>RTT-Anz.</translation>
    </message>
</context>
<context>
    <name>BulkReceiver</name>
    <message>
        <source>Cannot create an epoll instance: %1.</source>
        <translation>Eine epoll-Instanz kann nicht angelegt werden: %1.</translation>
    </message>
</context>
<context>
    <name>BulkSender</name>
    <message>
        <source>Cannot create an epoll instance: %1.</source>
        <translation>Eine epoll-Instanz kann nicht angelegt werden: %1.</translation>
    </message>
</context>
<context>
    <name>CaptureFileReader</name>
    <message>
        <source>it is too short</source>
        <translation>sie ist zu kurz</translation>
    </message>
    <message>
        <source>the file ends inside its section header</source>
        <translation>die Datei endet in ihrem Section-Header</translation>
    </message>
    <message>
        <source>its section header is not one of pcapng</source>
        <translation>ihr Section-Header ist keiner von pcapng</translation>
    </message>
    <message>
        <source>the file ends inside its file header</source>
        <translation>die Datei endet in ihrem Datei-Header</translation>
    </message>
    <message>
        <source>pcap version %1 is unknown</source>
        <translation>die pcap-Version %1 ist unbekannt</translation>
    </message>
    <message>
        <source>unknown file format</source>
        <translation>unbekanntes Dateiformat</translation>
    </message>
    <message>
        <source>the file ends inside the record&apos;s header</source>
        <translation>die Datei endet im Header des Datensatzes</translation>
    </message>
    <message>
        <source>the record says it holds %1 captured bytes, more than the %2 a packet can have</source>
        <translation>der Datensatz gibt %1 aufgezeichnete Bytes an, mehr als die %2, die ein Paket haben kann</translation>
    </message>
    <message>
        <source>the file ends inside the record&apos;s data</source>
        <translation>die Datei endet in den Daten des Datensatzes</translation>
    </message>
    <message>
        <source>the file ends inside a block&apos;s header</source>
        <translation>die Datei endet im Header eines Blocks</translation>
    </message>
    <message>
        <source>a section header block is not valid</source>
        <translation>ein Section-Header-Block ist ungültig</translation>
    </message>
    <message>
        <source>a block claims a length of %1 bytes</source>
        <translation>ein Block gibt eine Länge von %1 Bytes an</translation>
    </message>
    <message>
        <source>a block claims a length of %1 bytes, more than %2</source>
        <translation>ein Block gibt eine Länge von %1 Bytes an, mehr als %2</translation>
    </message>
    <message>
        <source>the file ends inside a block</source>
        <translation>die Datei endet in einem Block</translation>
    </message>
    <message>
        <source>a block&apos;s two length fields differ</source>
        <translation>die beiden Längenfelder eines Blocks stimmen nicht überein</translation>
    </message>
    <message>
        <source>an interface description block is too short</source>
        <translation>ein Interface-Description-Block ist zu kurz</translation>
    </message>
    <message>
        <source>a simple packet block is too short</source>
        <translation>ein Simple-Packet-Block ist zu kurz</translation>
    </message>
    <message>
        <source>a packet block of %1 bytes is shorter than the smallest possible</source>
        <translation>ein Paketblock von %1 Bytes ist kürzer als der kleinstmögliche</translation>
    </message>
    <message>
        <source>a packet names interface %1, but the section describes %2 interface(s)</source>
        <translation>ein Paket nennt Interface %1, die Section beschreibt aber %2 Interface(s)</translation>
    </message>
    <message>
        <source>a packet block says it holds %1 captured bytes, more than the %2 a packet can have</source>
        <translation>ein Paketblock gibt %1 aufgezeichnete Bytes an, mehr als die %2, die ein Paket haben kann</translation>
    </message>
    <message>
        <source>a packet block says it holds %1 captured bytes but has room for %2</source>
        <translation>ein Paketblock gibt %1 aufgezeichnete Bytes an, hat aber nur Platz für %2</translation>
    </message>
</context>
<context>
    <name>CaptureSocket</name>
    <message>
        <source>&apos;filter&apos; must be a list of BPF instructions [code, jt, jf, k].</source>
        <translation>&apos;filter&apos; muss eine Liste von BPF-Anweisungen [code, jt, jf, k] sein.</translation>
    </message>
    <message>
        <source>The kernel refused the capture filter: %1.</source>
        <translation>Der Kernel hat den Mitschnittfilter abgelehnt: %1.</translation>
    </message>
    <message>
        <source>Cannot lock the capture filter: %1.</source>
        <translation>Der Mitschnittfilter kann nicht gesperrt werden: %1.</translation>
    </message>
    <message>
        <source>Cannot size the capture buffer: %1.</source>
        <translation>Die Größe des Mitschnittpuffers kann nicht gesetzt werden: %1.</translation>
    </message>
    <message>
        <source>There is no interface %1 in %2.</source>
        <translation>In %2 gibt es keine Schnittstelle %1.</translation>
    </message>
    <message>
        <source>Cannot bind the capture socket to %1: %2.</source>
        <translation>Der Mitschnitt-Socket kann nicht an %1 gebunden werden: %2.</translation>
    </message>
    <message>
        <source>Cannot pin the capture socket to %1: %2.</source>
        <translation>Der Mitschnitt-Socket kann nicht fest an %1 gebunden werden: %2.</translation>
    </message>
    <message>
        <source>&apos;filter&apos; must hold 1 to %1 BPF instructions.</source>
        <translation>&apos;filter&apos; muss 1 bis %1 BPF-Anweisungen enthalten.</translation>
    </message>
    <message>
        <source>&apos;buffer_bytes&apos; must be %1 to %2.</source>
        <translation>&apos;buffer_bytes&apos; muss zwischen %1 und %2 liegen.</translation>
    </message>
    <message>
        <source>Cannot open a packet socket: %1.</source>
        <translation>Ein Paket-Socket kann nicht geöffnet werden: %1.</translation>
    </message>
</context>
<context>
    <name>ChartAxis</name>
    <message>
        <source>%1 (log)</source>
        <translation>%1 (log)</translation>
    </message>
</context>
<context>
    <name>ChartCommand</name>
    <message>
        <source>Draws a chart of a stored sweep or run, or a TCP stream graph of a capture&apos;s flow, as on screen, into a
PNG, SVG or PDF file. For a sweep the default chart is throughput and RTT by the swept value (&apos;sweep&apos;);
for a run, throughput and RTT over time side by side (&apos;throughput-rtt&apos;). ID is an experiment id, run:ID,
or capture:FILE#FLOW (FLOW: the row of &apos;tcptune analyze FILE&apos;, 1 = the largest flow).</source>
        <translation>Zeichnet ein Diagramm eines gespeicherten Durchlaufs oder Laufs oder einen TCP-Stream-Graphen eines Flusses eines Mitschnitts
wie auf dem Bildschirm in eine PNG-, SVG- oder PDF-Datei. Für einen Durchlauf ist das Standarddiagramm Durchsatz und RTT nach
dem durchlaufenen Wert (&apos;sweep&apos;); für einen Lauf Durchsatz und RTT über die Zeit nebeneinander (&apos;throughput-rtt&apos;). ID ist eine
Experiment-ID, run:ID oder capture:DATEI#FLUSS (FLUSS: die Zeile von &apos;tcptune analyze DATEI&apos;, 1 = der größte Fluss).</translation>
    </message>
    <message>
        <source>Draw a chart.</source>
        <translation>Ein Diagramm zeichnen.</translation>
    </message>
    <message>
        <source>Experiment id, run:ID or capture:FILE#FLOW.</source>
        <translation>Experiment-ID, run:ID oder capture:DATEI#FLUSS.</translation>
    </message>
    <message>
        <source>png, svg or pdf (default: from --out).</source>
        <translation>png, svg oder pdf (Standard: aus --out).</translation>
    </message>
    <message>
        <source>The file to write.</source>
        <translation>Die zu schreibende Datei.</translation>
    </message>
    <message>
        <source>Width x height in pixels (default 1200x480).</source>
        <translation>Breite x Höhe in Pixeln (Standard 1200x480).</translation>
    </message>
    <message>
        <source>Dots per inch; text and lines scale with DPI/96 (default 96).</source>
        <translation>Punkte je Zoll; Text und Linien skalieren mit DPI/96 (Standard 96).</translation>
    </message>
    <message>
        <source>Give one experiment id (or run:ID, or capture:FILE#FLOW); &apos;tcptune results list&apos; shows the stored ones.</source>
        <translation>Geben Sie eine Experiment-ID (oder run:ID oder capture:DATEI#FLUSS) an; &apos;tcptune results list&apos; zeigt die gespeicherten.</translation>
    </message>
    <message>
        <source>--out FILE is missing: say where to write the chart, e.g. --out chart.png.</source>
        <translation>--out DATEI fehlt: sagen Sie, wohin das Diagramm geschrieben wird, z. B. --out chart.png.</translation>
    </message>
    <message>
        <source>--dpi &apos;%1&apos; is not a number; use e.g. --dpi 192.</source>
        <translation>--dpi &apos;%1&apos; ist keine Zahl; verwenden Sie z. B. --dpi 192.</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>For a capture: tcptrace (time-sequence), inflight, rtt or throughput (default tcptrace).</source>
        <translation>Für einen Mitschnitt: tcptrace (Zeit-Sequenz), inflight, rtt oder throughput (Standard tcptrace).</translation>
    </message>
    <message>
        <source>For a capture: c2s (the client&apos;s data, default) or s2c (the server&apos;s).</source>
        <translation>Für einen Mitschnitt: c2s (die Daten des Clients, Standard) oder s2c (die des Servers).</translation>
    </message>
    <message>
        <source>For --graph throughput: the averaging window in s (default 1).</source>
        <translation>Für --graph throughput: das Mittelungsfenster in s (Standard 1).</translation>
    </message>
    <message>
        <source>sweep, throughput-rtt, limiters, stream-graph-N (run N&apos;s capture), latency-under-load-N or latency-cdf-N (run N&apos;s latency under load).</source>
        <translation>sweep, throughput-rtt, limiters, stream-graph-N (der Mitschnitt von Lauf N), latency-under-load-N oder latency-cdf-N (die Latenz unter Last von Lauf N).</translation>
    </message>
</context>
<context>
    <name>ChartExporter</name>
    <message>
        <source>Unknown chart format &apos;%1&apos;; use png, svg or pdf.</source>
        <translation>Unbekanntes Diagrammformat &apos;%1&apos;; verwenden Sie png, svg oder pdf.</translation>
    </message>
    <message>
        <source>A chart of %1x%2 pixels cannot be drawn; choose a size from 50x50 to 20000x20000.</source>
        <translation>Ein Diagramm von %1x%2 Pixeln kann nicht gezeichnet werden; wählen Sie eine Größe von 50x50 bis 20000x20000.</translation>
    </message>
    <message>
        <source>DPI %1 is out of range; choose 24 to 1200 (96 is the screen&apos;s, 300 for print).</source>
        <translation>DPI %1 liegt außerhalb des Bereichs; wählen Sie 24 bis 1200 (96 für den Bildschirm, 300 für den Druck).</translation>
    </message>
    <message>
        <source>Drawing the chart failed; is a Qt GUI platform available (QT_QPA_PLATFORM=offscreen)?</source>
        <translation>Das Zeichnen des Diagramms schlug fehl; ist eine Qt-GUI-Plattform verfügbar (QT_QPA_PLATFORM=offscreen)?</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a size; write WIDTHxHEIGHT in pixels, e.g. 1600x900.</source>
        <translation>&apos;%1&apos; ist keine Größe; schreiben Sie BREITExHÖHE in Pixeln, z. B. 1600x900.</translation>
    </message>
</context>
<context>
    <name>CheckCommand</name>
    <message>
        <source>Runs a spec and compares it with a stored baseline: exit 0 without a significant regression beyond the limits, 1 with one, 2 when the runs are too noisy or too few to decide, 3 when the check could not be made.</source>
        <translation>Führt eine Spezifikation aus und vergleicht sie mit einer gespeicherten Referenz: Exit 0 ohne signifikante Verschlechterung über die Grenzen hinaus, 1 mit einer, 2 wenn die Läufe zu verrauscht oder zu wenige für eine Entscheidung sind, 3 wenn die Prüfung nicht möglich war.</translation>
    </message>
    <message>
        <source>Check for a regression.</source>
        <translation>Auf eine Verschlechterung prüfen.</translation>
    </message>
    <message>
        <source>The stored experiment to compare with: its id or a tag (&apos;tcptune results tag ID NAME&apos;).</source>
        <translation>Das gespeicherte Experiment, mit dem verglichen wird: seine ID oder ein Tag („tcptune results tag ID NAME“).</translation>
    </message>
    <message>
        <source>The largest change for the worse that passes, in % of the baseline: one figure for throughput, RTT median and RTT p95 (default 5), or per metric: throughput=3,rtt_p95=20.</source>
        <translation>Die größte Verschlechterung, die noch besteht, in % der Referenz: ein Wert für Durchsatz, RTT-Median und RTT-p95 (Standard 5) oder je Metrik: throughput=3,rtt_p95=20.</translation>
    </message>
    <message>
        <source>Also write the outcome as JUnit XML (Jenkins, GitLab) to FILE.</source>
        <translation>Das Ergebnis zusätzlich als JUnit-XML (Jenkins, GitLab) in DATEI schreiben.</translation>
    </message>
    <message>
        <source>Also write a Markdown summary (a merge request&apos;s) to FILE.</source>
        <translation>Zusätzlich eine Markdown-Zusammenfassung (für einen Merge-Request) in DATEI schreiben.</translation>
    </message>
    <message>
        <source>--%1: cannot write into %2; give a file in a folder that exists and is yours.</source>
        <translation>--%1: In %2 kann nicht geschrieben werden; geben Sie eine Datei in einem vorhandenen Ordner an, der Ihnen gehört.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>%1 against the baseline %2:</source>
        <translation>%1 gegen die Referenz %2:</translation>
    </message>
    <message>
        <source>  %1: in the baseline, not run by this check</source>
        <translation>  %1: in der Referenz, von dieser Prüfung nicht ausgeführt</translation>
    </message>
    <message>
        <source>No significant regression beyond the limits.</source>
        <translation>Keine signifikante Verschlechterung über die Grenzen hinaus.</translation>
    </message>
    <message numerus="yes">
        <source>Regression: %n metric(s) significantly worse beyond the limit.</source>
        <translation>
            <numerusform>Verschlechterung: %n Metrik signifikant schlechter über die Grenze hinaus.</numerusform>
            <numerusform>Verschlechterung: %n Metriken signifikant schlechter über die Grenze hinaus.</numerusform>
        </translation>
    </message>
    <message>
        <source>Undecided: no significant regression, but not every metric could be decided; run more repeats (--repeats) or longer runs (--duration).</source>
        <translation>Unentschieden: keine signifikante Verschlechterung, aber nicht jede Metrik ließ sich entscheiden; mehr Wiederholungen (--repeats) oder längere Läufe (--duration) ausführen.</translation>
    </message>
    <message>
        <source>Give the experiment to compare with: --baseline ID or --baseline TAG (&apos;tcptune results list&apos; shows the stored ones).</source>
        <translation>Geben Sie das Vergleichsexperiment an: --baseline ID oder --baseline TAG („tcptune results list“ zeigt die gespeicherten).</translation>
    </message>
</context>
<context>
    <name>CoreFeatureConfirmation</name>
    <message>
        <source>Turn off a core TCP feature on this host?</source>
        <translation>Eine TCP-Kernfunktion auf diesem Host abschalten?</translation>
    </message>
    <message>
        <source>%1 = %2 turns a core TCP feature off for every new TCP connection of this machine, ssh and the rest included, until it is restored.

Do it?</source>
        <translation>%1 = %2 schaltet eine TCP-Kernfunktion für jede neue TCP-Verbindung dieses Rechners ab, ssh und alle anderen eingeschlossen, bis sie wiederhergestellt ist.

Trotzdem ausführen?</translation>
    </message>
    <message>
        <source>Change a device of this host?</source>
        <translation>Ein Gerät dieses Hosts ändern?</translation>
    </message>
    <message>
        <source>%1 = %2 changes device %3 of the host (not one of a lab namespace), which carries its own traffic, ssh included, for each run until the run puts it back.

Do it?</source>
        <translation>%1 = %2 ändert für jeden Lauf Gerät %3 des Hosts (keines eines Labor-Namensraums), das seinen eigenen Verkehr trägt, ssh eingeschlossen, bis der Lauf es zurücksetzt.

Trotzdem ausführen?</translation>
    </message>
</context>
<context>
    <name>CounterComparison</name>
    <message>
        <source>%1 %2 vs %3</source>
        <translation>%1 %2 gegen %3</translation>
    </message>
    <message>
        <source>The runs differ in net.ipv4.tcp_autocorking, but the sender&apos;s counters were not read: whether autocorking engaged is unknown.</source>
        <translation>Die Läufe unterscheiden sich in net.ipv4.tcp_autocorking, aber die Zähler des Senders wurden nicht gelesen: ob Autocorking eingegriffen hat, ist unbekannt.</translation>
    </message>
    <message>
        <source>Autocorking never engaged in this set-up: TcpExtTCPAutoCorking stayed 0 in both runs, so any difference between them is not autocorking&apos;s doing.</source>
        <translation>Autocorking hat in diesem Aufbau nie eingegriffen: TcpExtTCPAutoCorking blieb in beiden Läufen 0, ein Unterschied zwischen ihnen geht also nicht auf Autocorking zurück.</translation>
    </message>
    <message>
        <source>Autocorking held writes back %1 times with it on (%2) and %3 times with it off (%4).</source>
        <translation>Autocorking hielt Schreibvorgänge %1-mal zurück, wenn eingeschaltet (%2), und %3-mal, wenn ausgeschaltet (%4).</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>local</source>
        <translation>lokal</translation>
    </message>
    <message>
        <source>far end</source>
        <translation>Gegenstelle</translation>
    </message>
    <message>
        <source>router</source>
        <translation>Router</translation>
    </message>
</context>
<context>
    <name>DefaultJob</name>
    <message>
        <source>This build lacks the &apos;%1&apos; command.</source>
        <translation>Diesem Build fehlt der Befehl &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Cannot create %1; run from a directory you can write to.</source>
        <translation>%1 kann nicht angelegt werden; starten Sie aus einem Verzeichnis, in das Sie schreiben können.</translation>
    </message>
    <message>
        <source>The sweep stored no experiment; see the messages above.</source>
        <translation>Der Durchlauf hat kein Experiment gespeichert; siehe die Meldungen oben.</translation>
    </message>
    <message>
        <source>Default job done: table, CSV, JSON and the report (report.html, report.pdf) of experiment %1 are in %2.</source>
        <translation>Standardaufgabe erledigt: Tabelle, CSV, JSON und der Bericht (report.html, report.pdf) von Experiment %1 liegen in %2.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;; &apos;tcptune --help&apos; lists the commands and options.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;; &apos;tcptune --help&apos; listet die Befehle und Optionen auf.</translation>
    </message>
    <message>
        <source>%1 needs a value.</source>
        <translation>%1 braucht einen Wert.</translation>
    </message>
    <message>
        <source>No display found. &apos;tcptune --default-job [--lab NAME]&apos; runs the default experiment headless: story 5&apos;s send-window sweep (64 KB .. 4 MB) in the local lab NAME (default &apos;lab&apos;; built for the sweep and removed afterwards if it was down), then writes its table and report to reports/&lt;date-time&gt;. &apos;tcptune --help&apos; lists the commands.</source>
        <translation>Kein Bildschirm gefunden. &apos;tcptune --default-job [--lab NAME]&apos; führt das Standardexperiment ohne Oberfläche aus: die Sendefenster-Reihe aus Szenario 5 (64 KB .. 4 MB) im lokalen Labor NAME (Vorgabe &apos;lab&apos;; für die Reihe aufgebaut und danach wieder entfernt, wenn es nicht lief), dann schreibt es Tabelle und Bericht nach reports/&lt;Datum-Zeit&gt;. &apos;tcptune --help&apos; listet die Befehle auf.</translation>
    </message>
    <message>
        <source>Running the default experiment headless: story 5, send window 64 KB .. 4 MB, in lab &apos;%1&apos; (%2).</source>
        <translation>Das Standardexperiment läuft ohne Oberfläche: Szenario 5, Sendefenster 64 KB .. 4 MB, im Labor &apos;%1&apos; (%2).</translation>
    </message>
    <message>
        <source>up already; it stays up</source>
        <translation>läuft schon; es bleibt an</translation>
    </message>
    <message>
        <source>built now and removed afterwards</source>
        <translation>jetzt aufgebaut und danach wieder entfernt</translation>
    </message>
</context>
<context>
    <name>EthtoolDevice</name>
    <message>
        <source>Cannot open a control socket for %1: %2.</source>
        <translation>Kein Steuer-Socket für %1: %2.</translation>
    </message>
    <message>
        <source>find the device</source>
        <translation>das Gerät finden</translation>
    </message>
    <message>
        <source>There is no network device %1 here.</source>
        <translation>Hier gibt es kein Netzwerkgerät %1.</translation>
    </message>
    <message>
        <source>%1: cannot %2: %3.</source>
        <translation>%1: kann nicht %2: %3.</translation>
    </message>
    <message>
        <source>read the driver information</source>
        <translation>die Treiberangaben lesen</translation>
    </message>
    <message>
        <source>this device</source>
        <translation>dieses Gerät</translation>
    </message>
    <message>
        <source>read the names of its features</source>
        <translation>die Namen seiner Funktionen lesen</translation>
    </message>
    <message>
        <source>%1 reports no offload features.</source>
        <translation>%1 meldet keine Offload-Funktionen.</translation>
    </message>
    <message>
        <source>read its features</source>
        <translation>seine Funktionen lesen</translation>
    </message>
    <message>
        <source>change its features</source>
        <translation>seine Funktionen ändern</translation>
    </message>
    <message>
        <source>read its interrupt coalescing</source>
        <translation>seine Interrupt-Bündelung lesen</translation>
    </message>
    <message>
        <source>change its interrupt coalescing</source>
        <translation>seine Interrupt-Bündelung ändern</translation>
    </message>
    <message>
        <source>read its ring sizes</source>
        <translation>seine Ringgrößen lesen</translation>
    </message>
    <message>
        <source>change its ring sizes</source>
        <translation>seine Ringgrößen ändern</translation>
    </message>
    <message>
        <source>read its channels</source>
        <translation>seine Kanäle lesen</translation>
    </message>
    <message>
        <source>change its channels</source>
        <translation>seine Kanäle ändern</translation>
    </message>
    <message>
        <source>read its link settings</source>
        <translation>seine Verbindungseinstellungen lesen</translation>
    </message>
    <message>
        <source>read its queue length</source>
        <translation>seine Warteschlangenlänge lesen</translation>
    </message>
    <message>
        <source>change its queue length</source>
        <translation>seine Warteschlangenlänge ändern</translation>
    </message>
    <message>
        <source>read its MTU</source>
        <translation>seine MTU lesen</translation>
    </message>
    <message>
        <source>change its MTU</source>
        <translation>seine MTU ändern</translation>
    </message>
</context>
<context>
    <name>ExperimentSpec</name>
    <message>
        <source>Spec field &apos;%1&apos;: %2</source>
        <translation>Spezifikationsfeld &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>unknown field; known fields here are: %1.</source>
        <translation>unbekanntes Feld; bekannte Felder hier sind: %1.</translation>
    </message>
    <message>
        <source>expected a number, got %1.</source>
        <translation>Zahl erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>%1 is outside %2 .. %3.</source>
        <translation>%1 liegt außerhalb von %2 .. %3.</translation>
    </message>
    <message>
        <source>expected a whole number, got %1.</source>
        <translation>ganze Zahl erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>expected a string, got %1.</source>
        <translation>Zeichenkette erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>expected true or false, got %1.</source>
        <translation>true oder false erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>expected a value such as &quot;256K&quot;, 262144 or true, got %1.</source>
        <translation>ein Wert wie &quot;256K&quot;, 262144 oder true erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid port.</source>
        <translation>&apos;%1&apos; ist kein gültiger Port.</translation>
    </message>
    <message>
        <source>no host given; write &quot;lab&quot;, &quot;HOST:PORT&quot; or &quot;iperf3://HOST&quot;.</source>
        <translation>kein Host angegeben; schreiben Sie &quot;lab&quot;, &quot;HOST:PORT&quot; oder &quot;iperf3://HOST&quot;.</translation>
    </message>
    <message>
        <source>expected an object or a string, got %1.</source>
        <translation>Objekt oder Zeichenkette erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>a %1 target needs a host.</source>
        <translation>ein Ziel vom Typ %1 braucht einen Host.</translation>
    </message>
    <message>
        <source>expected an object, got %1.</source>
        <translation>Objekt erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>%1 is outside %2 .. %3 bytes.</source>
        <translation>%1 liegt außerhalb von %2 .. %3 Bytes.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a workload; use one of: %2.</source>
        <translation>&apos;%1&apos; ist keine Last; verwenden Sie eine von: %2.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a stream count; give 1 .. %2.</source>
        <translation>&apos;%1&apos; ist keine Anzahl von Strömen; geben Sie 1 .. %2 an.</translation>
    </message>
    <message>
        <source>unknown workload parameter; sweepable ones are: %1.</source>
        <translation>unbekannter Lastparameter; durchlaufbar sind: %1.</translation>
    </message>
    <message>
        <source>format %1 is newer than this tcptune understands (%2); update tcptune.</source>
        <translation>Format %1 ist neuer, als dieses tcptune versteht (%2); aktualisieren Sie tcptune.</translation>
    </message>
    <message>
        <source>expected an object of &quot;key&quot;: value, got %1.</source>
        <translation>ein Objekt aus &quot;Schlüssel&quot;: Wert erwartet, %1 erhalten.</translation>
    </message>
    <message>
        <source>workload parameters go into &quot;workload&quot;, not &quot;knobs&quot;.</source>
        <translation>Lastparameter gehören nach &quot;workload&quot;, nicht nach &quot;knobs&quot;.</translation>
    </message>
    <message>
        <source>%1 s leaves nothing of a %2 s run; make it shorter than duration_s.</source>
        <translation>%1 s lassen von einem Lauf von %2 s nichts übrig; wählen Sie einen Wert kleiner als duration_s.</translation>
    </message>
    <message>
        <source>The spec is not valid JSON at offset %1: %2.</source>
        <translation>Die Spezifikation ist kein gültiges JSON an Position %1: %2.</translation>
    </message>
    <message>
        <source>The spec must be a JSON object ({ ... }).</source>
        <translation>Die Spezifikation muss ein JSON-Objekt sein ({ ... }).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a direction; use one of: %2.</source>
        <translation>&apos;%1&apos; ist keine Richtung; verwenden Sie eine von: %2.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a target kind; use lab, agent, iperf3 or ssh.</source>
        <translation>&apos;%1&apos; ist keine Zielart; verwenden Sie lab, agent, iperf3 oder ssh.</translation>
    </message>
    <message>
        <source>the list of ends is empty; give at least one.</source>
        <translation>die Liste der Enden ist leer; geben Sie mindestens eines an.</translation>
    </message>
    <message>
        <source>%1 ends are more than one run drives at once (at most %2); split them into several runs.</source>
        <translation>%1 Enden sind mehr, als ein Lauf gleichzeitig bedient (höchstens %2); verteilen Sie sie auf mehrere Läufe.</translation>
    </message>
    <message>
        <source>the local lab runs only as the one end of a run; remove it from the list, or run it alone.</source>
        <translation>das lokale Labor läuft nur als einziges Ende eines Laufs; entfernen Sie es aus der Liste oder lassen Sie es allein laufen.</translation>
    </message>
    <message>
        <source>%1 is the same end as %2 before it; give each end once.</source>
        <translation>%1 ist dasselbe Ende wie %2 davor; geben Sie jedes Ende nur einmal an.</translation>
    </message>
    <message>
        <source>remote: knobs apply to every end, and target[%1] (%2) is not an ssh:// end; make every end an ssh:// target or remove the remote: knobs.</source>
        <translation>remote:-Parameter gelten für jedes Ende, und target[%1] (%2) ist kein ssh://-Ende; machen Sie jedes Ende zu einem ssh://-Ziel oder entfernen Sie die remote:-Parameter.</translation>
    </message>
    <message>
        <source>%1 is below repeats.min (%2); make it at least as large.</source>
        <translation>%1 liegt unter repeats.min (%2); mindestens so groß wählen.</translation>
    </message>
    <message>
        <source>only sysctls and link knobs can be set on the far host; socket options apply at the sending end wherever it is, so give %1 without &quot;remote:&quot;.</source>
        <translation>auf dem fernen Host lassen sich nur Sysctls und Link-Knöpfe setzen; Socket-Optionen gelten am sendenden Ende, wo immer es ist: geben Sie %1 ohne &quot;remote:&quot; an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an idle phase; give 0 .. 600 seconds.</source>
        <translation>&apos;%1&apos; ist keine Ruhephase; geben Sie 0 .. 600 Sekunden an.</translation>
    </message>
</context>
<context>
    <name>FlowTable</name>
    <message numerus="yes">
        <source>%n packet(s) were cut by the capture&apos;s snapshot length before the end of their TCP header; like tshark, tcptune leaves them out of the flows. Capture with a larger snapshot length (tcpdump -s 128) to count them.</source>
        <translation>
            <numerusform>%n Paket wurde von der Snapshot-Länge des Mitschnitts vor dem Ende seines TCP-Headers abgeschnitten; wie tshark lässt tcptune es aus den Flows heraus. Zeichnen Sie mit einer größeren Snapshot-Länge auf (tcpdump -s 128), um es mitzuzählen.</numerusform>
            <numerusform>%n Pakete wurden von der Snapshot-Länge des Mitschnitts vor dem Ende ihres TCP-Headers abgeschnitten; wie tshark lässt tcptune sie aus den Flows heraus. Zeichnen Sie mit einer größeren Snapshot-Länge auf (tcpdump -s 128), um sie mitzuzählen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n packet(s) have broken headers (bogus lengths or versions, which tshark marks malformed); like tshark, tcptune leaves most of them out of the flows.</source>
        <translation>
            <numerusform>%n Paket hat kaputte Header (unsinnige Längen oder Versionen, die tshark als fehlerhaft markiert); wie tshark lässt tcptune die meisten davon aus den Flows heraus.</numerusform>
            <numerusform>%n Pakete haben kaputte Header (unsinnige Längen oder Versionen, die tshark als fehlerhaft markiert); wie tshark lässt tcptune die meisten davon aus den Flows heraus.</numerusform>
        </translation>
    </message>
    <message>
        <source>packet %1 at %2 UTC</source>
        <translation>Paket %1 um %2 UTC</translation>
    </message>
    <message numerus="yes">
        <source>%n packet(s) carry a time more than a day away from the packets around them (%1): the capturing machine&apos;s clock jumped or the file is damaged. They are counted in their flows, and the capture&apos;s duration includes their times.</source>
        <translation>
            <numerusform>%n Paket trägt eine Zeit, die mehr als einen Tag von den Paketen um es herum entfernt ist (%1): Die Uhr des aufzeichnenden Rechners sprang oder die Datei ist beschädigt. Es wird in seinem Flow gezählt, und die Dauer des Mitschnitts schließt seine Zeit ein.</numerusform>
            <numerusform>%n Pakete tragen eine Zeit, die mehr als einen Tag von den Paketen um sie herum entfernt ist (%1): Die Uhr des aufzeichnenden Rechners sprang oder die Datei ist beschädigt. Sie werden in ihren Flows gezählt, und die Dauer des Mitschnitts schließt ihre Zeiten ein.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n packet(s) came from interfaces whose link type tcptune cannot decode; they were skipped.</source>
        <translation>
            <numerusform>%n Paket kam von einem Interface, dessen Link-Typ tcptune nicht dekodieren kann; es wurde übersprungen.</numerusform>
            <numerusform>%n Pakete kamen von Interfaces, deren Link-Typ tcptune nicht dekodieren kann; sie wurden übersprungen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HelperClient</name>
    <message>
        <source>The privileged helper (tcptune-helper) has exited. It rolls its changes back when it ends; if it was killed, the next start or &apos;tcptune knobs restore&apos; does.</source>
        <translation>Der privilegierte Helfer (tcptune-helper) hat sich beendet. Er nimmt seine Änderungen beim Beenden zurück; wurde er abgeschossen, tut dies der nächste Start oder &apos;tcptune knobs restore&apos;.</translation>
    </message>
    <message>
        <source>The helper %1 is missing or not executable; build tcptune-helper or install the tcptune package.</source>
        <translation>Der Helfer %1 fehlt oder ist nicht ausführbar; bauen Sie tcptune-helper oder installieren Sie das Paket tcptune.</translation>
    </message>
    <message>
        <source>%1 is not installed.</source>
        <translation>%1 ist nicht installiert.</translation>
    </message>
    <message>
        <source>Authentication for tcptune-helper was refused or cancelled (pkexec exit %1).</source>
        <translation>Die Anmeldung für tcptune-helper wurde abgelehnt oder abgebrochen (pkexec-Exitcode %1).</translation>
    </message>
    <message>
        <source>sudo -n did not start tcptune-helper (a password is needed or sudo is not configured).</source>
        <translation>sudo -n startete tcptune-helper nicht (ein Passwort ist nötig oder sudo ist nicht eingerichtet).</translation>
    </message>
    <message>
        <source>The request &apos;%1&apos; is longer than %2 bytes; send fewer or shorter values.</source>
        <translation>Die Anfrage &apos;%1&apos; ist länger als %2 Bytes; senden Sie weniger oder kürzere Werte.</translation>
    </message>
    <message>
        <source>Cannot send the request &apos;%1&apos; to the helper: it does not read its input.</source>
        <translation>Die Anfrage &apos;%1&apos; kann nicht an den Helfer gesendet werden: er liest seine Eingabe nicht.</translation>
    </message>
    <message>
        <source>The helper did not answer &apos;%1&apos; within %2 ms.</source>
        <translation>Der Helfer beantwortete &apos;%1&apos; nicht innerhalb von %2 ms.</translation>
    </message>
    <message>
        <source>The helper announced %1 descriptor(s) but %2 arrived; its output does not reach tcptune over a Unix socket (sudo with use_pty relays it through a pipe: use pkexec, or &apos;Defaults!HELPER !use_pty&apos;).</source>
        <translation>Der Helfer kündigte %1 Deskriptor(en) an, aber %2 kamen an; seine Ausgabe erreicht tcptune nicht über einen Unix-Socket (sudo mit use_pty leitet sie durch eine Pipe: verwenden Sie pkexec oder &apos;Defaults!HELPER !use_pty&apos;).</translation>
    </message>
    <message>
        <source>Changing kernel knobs needs administrator rights: run tcptune as root, approve the pkexec prompt, or allow &apos;sudo -n&apos; for tcptune-helper.</source>
        <translation>Das Ändern von Kernel-Parametern braucht Administratorrechte: starten Sie tcptune als root, bestätigen Sie die pkexec-Abfrage oder erlauben Sie &apos;sudo -n&apos; für tcptune-helper.</translation>
    </message>
    <message>
        <source>Cannot start the privileged helper: %1 %2</source>
        <translation>Der privilegierte Helfer kann nicht gestartet werden: %1 %2</translation>
    </message>
    <message>
        <source>pkexec was not tried: there is no polkit authority here (no system D-Bus or polkitd).</source>
        <translation>pkexec wurde nicht versucht: hier gibt es keine polkit-Instanz (kein System-D-Bus oder polkitd).</translation>
    </message>
</context>
<context>
    <name>HelperJournal</name>
    <message>
        <source>Cannot write the journal %1: %2.</source>
        <translation>Das Journal %1 kann nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>Cannot sync the journal %1: %2.</source>
        <translation>Das Journal %1 kann nicht synchronisiert werden: %2.</translation>
    </message>
    <message>
        <source>Cannot replace the journal %1: %2.</source>
        <translation>Das Journal %1 kann nicht ersetzt werden: %2.</translation>
    </message>
    <message>
        <source>The journal folder must be %1 or a folder below it, not &apos;%2&apos;.</source>
        <translation>Der Journalordner muss %1 oder ein Ordner darunter sein, nicht &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>Cannot lock the journal %1.lock: %2.</source>
        <translation>Das Journal %1.lock kann nicht gesperrt werden: %2.</translation>
    </message>
    <message>
        <source>in use</source>
        <translation>in Benutzung</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>Cannot move the unreadable journal %1 aside: %2.</source>
        <translation>Das unlesbare Journal %1 kann nicht beiseitegelegt werden: %2.</translation>
    </message>
</context>
<context>
    <name>HelperOperations</name>
    <message>
        <source>Unknown operation &apos;%1&apos;; the helper knows: %2.</source>
        <translation>Unbekannte Operation &apos;%1&apos;; der Helfer kennt: %2.</translation>
    </message>
</context>
<context>
    <name>HelperProtocol</name>
    <message>
        <source>Request line is %1 bytes long; the limit is %2 bytes.</source>
        <translation>Die Anfragezeile ist %1 Bytes lang; die Grenze ist %2 Bytes.</translation>
    </message>
    <message>
        <source>Request is not valid UTF-8; send one JSON object per line in UTF-8.</source>
        <translation>Die Anfrage ist kein gültiges UTF-8; senden Sie ein JSON-Objekt je Zeile in UTF-8.</translation>
    </message>
    <message>
        <source>Request contains a NUL byte; send one JSON object per line.</source>
        <translation>Die Anfrage enthält ein NUL-Byte; senden Sie ein JSON-Objekt je Zeile.</translation>
    </message>
    <message>
        <source>Malformed JSON at offset %1: %2; send one JSON object per line.</source>
        <translation>Fehlerhaftes JSON an Position %1: %2; senden Sie ein JSON-Objekt je Zeile.</translation>
    </message>
    <message>
        <source>A request must be a JSON object such as {&quot;id&quot;:1,&quot;op&quot;:&quot;hello&quot;}.</source>
        <translation>Eine Anfrage muss ein JSON-Objekt sein, etwa {&quot;id&quot;:1,&quot;op&quot;:&quot;hello&quot;}.</translation>
    </message>
    <message>
        <source>A request needs an &quot;id&quot; that is a number or a short string.</source>
        <translation>Eine Anfrage braucht eine &quot;id&quot;, die eine Zahl oder eine kurze Zeichenkette ist.</translation>
    </message>
    <message>
        <source>A request needs an &quot;op&quot; string such as &quot;hello&quot;.</source>
        <translation>Eine Anfrage braucht eine Zeichenkette &quot;op&quot; wie &quot;hello&quot;.</translation>
    </message>
    <message>
        <source>&quot;params&quot; must be a JSON object.</source>
        <translation>&quot;params&quot; muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>Unexpected field &quot;%1&quot; in the request; only id, op and params are allowed.</source>
        <translation>Unerwartetes Feld &quot;%1&quot; in der Anfrage; erlaubt sind nur id, op und params.</translation>
    </message>
    <message>
        <source>The helper sent a line that is not a JSON object: %1</source>
        <translation>Der Helfer sandte eine Zeile, die kein JSON-Objekt ist: %1</translation>
    </message>
    <message>
        <source>The helper reported a failure without a message.</source>
        <translation>Der Helfer meldete einen Fehler ohne Meldung.</translation>
    </message>
    <message>
        <source>Missing parameter &quot;%1&quot;.</source>
        <translation>Fehlender Parameter &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Parameter &quot;%1&quot; must be a string.</source>
        <translation>Der Parameter &quot;%1&quot; muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>Parameter &quot;%1&quot; must be true or false.</source>
        <translation>Parameter &quot;%1&quot; muss true oder false sein.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a name for a permanent setting: use 1 to 40 lower-case letters, digits, &apos;-&apos; and &apos;_&apos;, starting with a letter or digit.</source>
        <translation>&quot;%1&quot; ist kein Name für eine dauerhafte Einstellung: 1 bis 40 Kleinbuchstaben, Ziffern, &apos;-&apos; und &apos;_&apos;, beginnend mit Buchstabe oder Ziffer.</translation>
    </message>
</context>
<context>
    <name>HelperService</name>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Journal entry for %1 ignored: %2</source>
        <translation>Journaleintrag für %1 ignoriert: %2</translation>
    </message>
    <message>
        <source>%1 in %2 not restored: the namespace no longer exists (deleting it undid the change).</source>
        <translation>%1 in %2 nicht zurückgesetzt: der Namensraum existiert nicht mehr (sein Löschen hat die Änderung aufgehoben).</translation>
    </message>
    <message>
        <source>%1 (%2) not restored to %3: someone else changed it to %4 meanwhile, so it is left alone.</source>
        <translation>%1 (%2) nicht auf %3 zurückgesetzt: jemand anderes hat es inzwischen auf %4 geändert, daher bleibt es unberührt.</translation>
    </message>
    <message>
        <source>%1 (%2) reads %3 after restoring %4.</source>
        <translation>%1 (%2) liest %3 nach dem Zurücksetzen auf %4.</translation>
    </message>
    <message>
        <source>%1 (%2) not restored: %3</source>
        <translation>%1 (%2) nicht zurückgesetzt: %3</translation>
    </message>
    <message numerus="yes">
        <source>Journal %1: %n change(s) in the network namespace %2 not restored: the namespace no longer exists (deleting it undid them).</source>
        <translation>
            <numerusform>Journal %1: %n Änderung im Netzwerk-Namensraum %2 nicht zurückgesetzt: Der Namensraum existiert nicht mehr (sein Löschen hat sie rückgängig gemacht).</numerusform>
            <numerusform>Journal %1: %n Änderungen im Netzwerk-Namensraum %2 nicht zurückgesetzt: Der Namensraum existiert nicht mehr (sein Löschen hat sie rückgängig gemacht).</numerusform>
        </translation>
    </message>
    <message>
        <source>Journal %1 is from an earlier boot; dropped.</source>
        <translation>Journal %1 stammt von einem früheren Systemstart; verworfen.</translation>
    </message>
    <message>
        <source>Parameter &quot;value&quot; must be a string such as &quot;262144&quot; or &quot;cubic&quot;.</source>
        <translation>Der Parameter &quot;value&quot; muss eine Zeichenkette wie &quot;262144&quot; oder &quot;cubic&quot; sein.</translation>
    </message>
    <message>
        <source>%1 reads %2 after writing %3: the kernel adjusted it. &apos;restore&apos; puts back %4.</source>
        <translation>%1 liest %2 nach dem Schreiben von %3: der Kernel hat den Wert angepasst. &apos;restore&apos; stellt %4 wieder her.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a tcptune namespace; the helper only enters namespaces whose names start with &apos;tcptune-&apos;.</source>
        <translation>&apos;%1&apos; ist kein tcptune-Namensraum; der Helfer betritt nur Namensräume, deren Namen mit &apos;tcptune-&apos; beginnen.</translation>
    </message>
    <message>
        <source>%1 change(s) in %2 could not be rolled back; they stay in the journal for the next attempt (&apos;tcptune knobs restore&apos; or the next start of the helper).</source>
        <translation>%1 Änderung(en) in %2 konnten nicht zurückgenommen werden; sie bleiben für den nächsten Versuch im Journal (&apos;tcptune knobs restore&apos; oder der nächste Start des Helfers).</translation>
    </message>
    <message>
        <source>%1 = %2 on the host turns a core TCP feature off (%3) for every new connection of this machine, ssh included. It is only done with an explicit confirmation: &apos;tcptune knobs set --force&apos;, &apos;tcptune sweep --force&apos;, or Yes to the Knobs panel&apos;s question.</source>
        <translation>%1 = %2 auf dem Host schaltet eine TCP-Kernfunktion ab (%3), für jede neue Verbindung dieses Rechners, ssh eingeschlossen. Das geschieht nur mit ausdrücklicher Bestätigung: &apos;tcptune knobs set --force&apos;, &apos;tcptune sweep --force&apos; oder Ja auf die Frage der Parameter-Ansicht.</translation>
    </message>
    <message>
        <source>Unreadable journal %1 (%2) was moved aside to %3; nothing was rolled back from it: look at it and set back by hand what it names.</source>
        <translation>Das unlesbare Journal %1 (%2) wurde nach %3 beiseitegelegt; daraus wurde nichts zurückgesetzt: sehen Sie es sich an und setzen Sie von Hand zurück, was es nennt.</translation>
    </message>
    <message>
        <source>Unreadable journal %1 (%2) was left in place: %3</source>
        <translation>Das unlesbare Journal %1 (%2) blieb an seinem Platz: %3</translation>
    </message>
    <message>
        <source>%1 = %2 changes device %3 of this machine (not one of a lab namespace), which carries its own traffic, ssh included. It is only done with an explicit confirmation: &apos;tcptune knobs set --force&apos;, &apos;tcptune sweep --force&apos;, or Yes to the Knobs panel&apos;s question.</source>
        <translation>%1 = %2 ändert das Gerät %3 dieses Rechners (keines eines Labor-Namensraums), über das sein eigener Verkehr läuft, ssh eingeschlossen. Das geschieht nur mit ausdrücklicher Bestätigung: &apos;tcptune knobs set --force&apos;, &apos;tcptune sweep --force&apos; oder Ja auf die Frage der Knopf-Ansicht.</translation>
    </message>
</context>
<context>
    <name>HostFactsText</name>
    <message>
        <source>`tc qdisc show` did not run (%1); install iproute2 to see qdiscs.</source>
        <translation>`tc qdisc show` lief nicht (%1); installieren Sie iproute2, um Qdiscs zu sehen.</translation>
    </message>
    <message>
        <source>tc is not installed</source>
        <translation>tc ist nicht installiert</translation>
    </message>
</context>
<context>
    <name>Iperf3Remote</name>
    <message>
        <source>The iperf3 server at %1 stopped answering (%2).</source>
        <translation>Der iperf3-Server unter %1 antwortet nicht mehr (%2).</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 is busy with another test (it serves one client at a time); try again later, or run `tcptune serve` there, which serves several.</source>
        <translation>Der iperf3-Server unter %1 ist mit einem anderen Test beschäftigt (er bedient nur einen Client zugleich); versuchen Sie es später erneut oder starten Sie dort `tcptune serve`, das mehrere bedient.</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 reported error %2 (errno %3); see its log.</source>
        <translation>Der iperf3-Server unter %1 meldete Fehler %2 (errno %3); siehe sein Protokoll.</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 was terminated during the test.</source>
        <translation>Der iperf3-Server unter %1 wurde während des Tests beendet.</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 sent unexpected state %2; is it iperf3 3.x?</source>
        <translation>Der iperf3-Server unter %1 sandte den unerwarteten Zustand %2; ist es iperf3 3.x?</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 went away (%2).</source>
        <translation>Der iperf3-Server unter %1 ist weg (%2).</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 sent no results (%2).</source>
        <translation>Der iperf3-Server unter %1 sandte keine Ergebnisse (%2).</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 announced %2 bytes of results; that is not iperf3.</source>
        <translation>Der iperf3-Server unter %1 kündigte %2 Bytes Ergebnisse an; das ist kein iperf3.</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 sent incomplete results (%2).</source>
        <translation>Der iperf3-Server unter %1 sandte unvollständige Ergebnisse (%2).</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 sent results that are not a JSON object.</source>
        <translation>Der iperf3-Server unter %1 sandte Ergebnisse, die kein JSON-Objekt sind.</translation>
    </message>
    <message>
        <source>Cannot talk to the iperf3 server at %1: %2.</source>
        <translation>Keine Verbindung zum iperf3-Server unter %1: %2.</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 closed the connection during the test.</source>
        <translation>Der iperf3-Server unter %1 schloss die Verbindung während des Tests.</translation>
    </message>
    <message>
        <source>The connection to the iperf3 server at %1 failed: %2.</source>
        <translation>Die Verbindung zum iperf3-Server unter %1 schlug fehl: %2.</translation>
    </message>
    <message>
        <source>A stock iperf3 server does not report its sysctls; run `tcptune serve` on the target to record both ends.</source>
        <translation>Ein gewöhnlicher iperf3-Server meldet seine Sysctls nicht; starten Sie `tcptune serve` auf dem Ziel, um beide Enden aufzuzeichnen.</translation>
    </message>
    <message>
        <source>The iperf3 server at %1 reported an error but closed before saying which; see its log.</source>
        <translation>Der iperf3-Server unter %1 meldete einen Fehler, schloss die Verbindung aber, bevor er sagte, welchen; siehe sein Protokoll.</translation>
    </message>
</context>
<context>
    <name>KnobCatalogue</name>
    <message>
        <source>Empty knob name; &apos;tcptune knobs&apos; lists the known ones.</source>
        <translation>Leerer Parametername; &apos;tcptune knobs&apos; listet die bekannten auf.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a knob name: names are dotted words such as net.ipv4.tcp_autocorking, without &apos;/&apos;, &apos;..&apos;, spaces or control characters.</source>
        <translation>&apos;%1&apos; ist kein Parametername: Namen sind Wörter mit Punkten wie net.ipv4.tcp_autocorking, ohne &apos;/&apos;, &apos;..&apos;, Leerzeichen oder Steuerzeichen.</translation>
    </message>
    <message>
        <source>Unknown knob &apos;%1&apos;; &apos;tcptune knobs&apos; lists the known ones.</source>
        <translation>Unbekannter Parameter &apos;%1&apos;; &apos;tcptune knobs&apos; listet die bekannten auf.</translation>
    </message>
    <message>
        <source>Delay small writes while an earlier packet of the flow waits in a local queue</source>
        <translation>Kleine Schreibvorgänge zurückhalten, solange ein früheres Paket des Flusses in einer lokalen Warteschlange wartet</translation>
    </message>
    <message>
        <source>TCP Small Queues: bytes a socket may have in qdisc and device queues</source>
        <translation>TCP Small Queues: Bytes, die ein Socket in Qdisc- und Gerätewarteschlangen haben darf</translation>
    </message>
    <message>
        <source>Send buffer min, default and max for autotuning</source>
        <translation>Sendepuffer: Minimum, Standard und Maximum für das Autotuning</translation>
    </message>
    <message>
        <source>Receive buffer min, default and max for autotuning</source>
        <translation>Empfangspuffer: Minimum, Standard und Maximum für das Autotuning</translation>
    </message>
    <message>
        <source>Congestion control of new connections</source>
        <translation>Staukontrolle neuer Verbindungen</translation>
    </message>
    <message>
        <source>Unsent bytes above which a socket stops being writable</source>
        <translation>Ungesendete Bytes, ab denen ein Socket nicht mehr beschreibbar ist</translation>
    </message>
    <message>
        <source>Receive buffer autotuning</source>
        <translation>Autotuning des Empfangspuffers</translation>
    </message>
    <message>
        <source>Fall back to slow start after an idle period</source>
        <translation>Nach einer Leerlaufphase wieder mit Slow Start beginnen</translation>
    </message>
    <message>
        <source>TCP timestamps (0 off, 1 on with random offset, 2 on without)</source>
        <translation>TCP-Zeitstempel (0 aus, 1 an mit zufälligem Versatz, 2 an ohne)</translation>
    </message>
    <message>
        <source>Selective acknowledgements</source>
        <translation>Selektive Bestätigungen (SACK)</translation>
    </message>
    <message>
        <source>Window scaling for windows above 64 KB</source>
        <translation>Fensterskalierung für Fenster über 64 KB</translation>
    </message>
    <message>
        <source>Explicit congestion notification (0 off, 1 request, 2 accept only)</source>
        <translation>Explizite Staumeldung (ECN; 0 aus, 1 anfordern, 2 nur annehmen)</translation>
    </message>
    <message>
        <source>Packetization-layer path MTU discovery (0 off, 1 after black hole, 2 always)</source>
        <translation>Pfad-MTU-Erkennung auf der Paketierungsschicht (0 aus, 1 nach einem Black Hole, 2 immer)</translation>
    </message>
    <message>
        <source>Minimal number of segments per TSO frame</source>
        <translation>Mindestzahl der Segmente je TSO-Rahmen</translation>
    </message>
    <message>
        <source>Pacing rate in slow start, percent of cwnd/srtt</source>
        <translation>Pacing-Rate im Slow Start, Prozent von cwnd/srtt</translation>
    </message>
    <message>
        <source>Pacing rate in congestion avoidance, percent of cwnd/srtt</source>
        <translation>Pacing-Rate in der Stauvermeidung, Prozent von cwnd/srtt</translation>
    </message>
    <message>
        <source>Fraction of the congestion window one TSO frame may use</source>
        <translation>Anteil des Staufensters, den ein TSO-Rahmen nutzen darf</translation>
    </message>
    <message>
        <source>Do not cache metrics of closed connections</source>
        <translation>Metriken geschlossener Verbindungen nicht zwischenspeichern</translation>
    </message>
    <message>
        <source>Upper limit of SO_SNDBUF</source>
        <translation>Obergrenze von SO_SNDBUF</translation>
    </message>
    <message>
        <source>Upper limit of SO_RCVBUF</source>
        <translation>Obergrenze von SO_RCVBUF</translation>
    </message>
    <message>
        <source>Send buffer of non-TCP sockets without SO_SNDBUF</source>
        <translation>Sendepuffer von Nicht-TCP-Sockets ohne SO_SNDBUF</translation>
    </message>
    <message>
        <source>Receive buffer of non-TCP sockets without SO_RCVBUF</source>
        <translation>Empfangspuffer von Nicht-TCP-Sockets ohne SO_RCVBUF</translation>
    </message>
    <message>
        <source>Queueing discipline given to new network devices</source>
        <translation>Warteschlangendisziplin (Qdisc) für neue Netzwerkgeräte</translation>
    </message>
    <message>
        <source>Packets queued on input when the CPU is slower than the NIC</source>
        <translation>Pakete, die beim Empfang warten, wenn die CPU langsamer ist als die Netzwerkkarte</translation>
    </message>
    <message>
        <source>Fixed send buffer (the kernel doubles it, caps it at net.core.wmem_max, and stops autotuning)</source>
        <translation>Fester Sendepuffer (der Kernel verdoppelt ihn, begrenzt ihn auf net.core.wmem_max und beendet das Autotuning)</translation>
    </message>
    <message>
        <source>Fixed receive buffer (doubled, capped at net.core.rmem_max, no autotuning)</source>
        <translation>Fester Empfangspuffer (verdoppelt, begrenzt auf net.core.rmem_max, kein Autotuning)</translation>
    </message>
    <message>
        <source>Send small segments at once instead of waiting (Nagle off)</source>
        <translation>Kleine Segmente sofort senden statt zu warten (Nagle aus)</translation>
    </message>
    <message>
        <source>Hold partial segments until uncorked or 200 ms pass</source>
        <translation>Unvollständige Segmente zurückhalten, bis der Cork gelöst ist oder 200 ms vergehen</translation>
    </message>
    <message>
        <source>Per-socket limit of unsent bytes before the socket stops being writable</source>
        <translation>Grenze ungesendeter Bytes je Socket, ab der der Socket nicht mehr beschreibbar ist</translation>
    </message>
    <message>
        <source>Congestion control of this socket</source>
        <translation>Staukontrolle dieses Sockets</translation>
    </message>
    <message>
        <source>Upper bound of the pacing rate</source>
        <translation>Obergrenze der Pacing-Rate</translation>
    </message>
    <message>
        <source>Maximum segment size for outgoing segments</source>
        <translation>Maximale Segmentgröße ausgehender Segmente</translation>
    </message>
    <message>
        <source>Send buffer</source>
        <translation>Sendepuffer</translation>
    </message>
    <message>
        <source>SO_SNDBUF; empty leaves send-buffer autotuning on.</source>
        <translation>SO_SNDBUF; leer lässt die automatische Anpassung des Sendepuffers an.</translation>
    </message>
    <message>
        <source>autotuned</source>
        <translation>automatisch</translation>
    </message>
    <message>
        <source>Receive buffer</source>
        <translation>Empfangspuffer</translation>
    </message>
    <message>
        <source>SO_RCVBUF; empty leaves receive-buffer autotuning on.</source>
        <translation>SO_RCVBUF; leer lässt die automatische Anpassung des Empfangspuffers an.</translation>
    </message>
    <message>
        <source>TCP_NODELAY (Nagle off)</source>
        <translation>TCP_NODELAY (Nagle aus)</translation>
    </message>
    <message>
        <source>TCP_CORK</source>
        <translation>TCP_CORK</translation>
    </message>
    <message>
        <source>Congestion control</source>
        <translation>Überlaststeuerung</translation>
    </message>
    <message>
        <source>system default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>direct: client and server on one veth pair; routed: through a router with the bottleneck</source>
        <translation>direct: Client und Server an einem veth-Paar; routed: über einen Router mit dem Engpass</translation>
    </message>
    <message>
        <source>Bottleneck rate (0: unshaped)</source>
        <translation>Rate des Engpasses (0: ungeformt)</translation>
    </message>
    <message>
        <source>Bottleneck queue limit</source>
        <translation>Warteschlangengrenze des Engpasses</translation>
    </message>
    <message>
        <source>MTU on every lab link</source>
        <translation>MTU auf jeder Laborverbindung</translation>
    </message>
    <message>
        <source>One-way delay at the bottleneck (needs netem)</source>
        <translation>Einwegverzögerung am Engpass (braucht netem)</translation>
    </message>
    <message>
        <source>Too many different link knobs named in one process.</source>
        <translation>Zu viele verschiedene Link-Knöpfe in einem Prozess genannt.</translation>
    </message>
    <message>
        <source>TCP segmentation offload: the device cuts large TCP frames into segments</source>
        <translation>TCP-Segmentierung im Gerät: das Gerät zerlegt große TCP-Rahmen in Segmente</translation>
    </message>
    <message>
        <source>Generic segmentation offload: the stack hands large frames to the driver</source>
        <translation>Generische Segmentierung: der Stack übergibt große Rahmen an den Treiber</translation>
    </message>
    <message>
        <source>Generic receive offload: received segments are merged before TCP</source>
        <translation>Generische Empfangszusammenfassung: empfangene Segmente werden vor TCP zusammengefügt</translation>
    </message>
    <message>
        <source>Large receive offload in the device</source>
        <translation>Empfangszusammenfassung im Gerät (LRO)</translation>
    </message>
    <message>
        <source>Scatter-gather: frames from several buffers (TSO and GSO need it)</source>
        <translation>Scatter-Gather: Rahmen aus mehreren Puffern (TSO und GSO brauchen es)</translation>
    </message>
    <message>
        <source>Receive checksum offload</source>
        <translation>Prüfsummen beim Empfang im Gerät</translation>
    </message>
    <message>
        <source>Transmit checksum offload (TSO needs it)</source>
        <translation>Prüfsummen beim Senden im Gerät (TSO braucht es)</translation>
    </message>
    <message>
        <source>TX completion interrupt delay (the mvneta timer of story 5)</source>
        <translation>Verzögerung des Sendeabschluss-Interrupts (der mvneta-Timer aus Geschichte 5)</translation>
    </message>
    <message>
        <source>TX completions gathered into one interrupt</source>
        <translation>Sendeabschlüsse, die ein Interrupt bündelt</translation>
    </message>
    <message>
        <source>RX interrupt delay</source>
        <translation>Verzögerung des Empfangs-Interrupts</translation>
    </message>
    <message>
        <source>Received frames gathered into one interrupt</source>
        <translation>Empfangene Rahmen, die ein Interrupt bündelt</translation>
    </message>
    <message>
        <source>Adaptive RX interrupt coalescing</source>
        <translation>Adaptive Bündelung der Empfangs-Interrupts</translation>
    </message>
    <message>
        <source>Adaptive TX interrupt coalescing</source>
        <translation>Adaptive Bündelung der Sende-Interrupts</translation>
    </message>
    <message>
        <source>Descriptors in the RX ring</source>
        <translation>Deskriptoren im Empfangsring</translation>
    </message>
    <message>
        <source>Descriptors in the TX ring</source>
        <translation>Deskriptoren im Sendering</translation>
    </message>
    <message>
        <source>Combined RX/TX queues (channels) of the device</source>
        <translation>Kombinierte Empfangs-/Sende-Warteschlangen (Kanäle) des Geräts</translation>
    </message>
    <message>
        <source>Device queue length the qdisc may hold, in packets</source>
        <translation>Länge der Gerätewarteschlange, die die Qdisc halten darf, in Paketen</translation>
    </message>
    <message>
        <source>MTU of this device</source>
        <translation>MTU dieses Geräts</translation>
    </message>
    <message>
        <source>Largest packet the stack builds with GSO for this device (BIG TCP above 64 KiB)</source>
        <translation>Größtes Paket, das der Stack für dieses Gerät mit GSO baut (BIG TCP über 64 KiB)</translation>
    </message>
    <message>
        <source>Largest packet GRO merges for this device (BIG TCP above 64 KiB)</source>
        <translation>Größtes Paket, das GRO für dieses Gerät zusammenfügt (BIG TCP über 64 KiB)</translation>
    </message>
    <message>
        <source>Byte queue limits: most bytes in flight to the device, every TX queue</source>
        <translation>Byte Queue Limits: höchstens so viele Bytes unterwegs zum Gerät, jede Sende-Warteschlange</translation>
    </message>
    <message>
        <source>Root qdisc of the device with its parameters, as tc takes them: pfifo limit 1000, tbf rate 50mbit burst 32kb latency 50ms, fq_codel; default for the kernel&apos;s own</source>
        <translation>Wurzel-Qdisc des Geräts mit ihren Parametern, wie tc sie nimmt: pfifo limit 1000, tbf rate 50mbit burst 32kb latency 50ms, fq_codel; default für die des Kernels</translation>
    </message>
</context>
<context>
    <name>KnobChangeSet</name>
    <message>
        <source>Could not set %1 = %2%3: %4</source>
        <translation>%1 = %2%3 konnte nicht gesetzt werden: %4</translation>
    </message>
    <message>
        <source> in %1</source>
        <translation> in %1</translation>
    </message>
    <message>
        <source>Restoring the knobs failed: %1. &apos;tcptune knobs restore&apos; rolls back what is left.</source>
        <translation>Das Zurücksetzen der Knöpfe schlug fehl: %1. &apos;tcptune knobs restore&apos; nimmt den Rest zurück.</translation>
    </message>
    <message>
        <source>Knobs restored with warnings: %1</source>
        <translation>Knöpfe mit Warnungen zurückgesetzt: %1</translation>
    </message>
</context>
<context>
    <name>KnobDriftText</name>
    <message>
        <source>the local end</source>
        <translation>der lokalen Seite</translation>
    </message>
    <message>
        <source>the far end</source>
        <translation>der Gegenstelle</translation>
    </message>
    <message>
        <source>the far end %1</source>
        <translation>der Gegenstelle %1</translation>
    </message>
    <message>
        <source>%1 on %2 (%3, at the end %4)</source>
        <translation>%1 auf %2 (%3, am Ende %4)</translation>
    </message>
    <message>
        <source>Changed during the run by something else: %1; the figures may not show the run&apos;s settings.</source>
        <translation>Während des Laufs von außen geändert: %1; die Messwerte zeigen womöglich nicht die Einstellungen des Laufs.</translation>
    </message>
</context>
<context>
    <name>KnobPlace</name>
    <message>
        <source>this host (sender)</source>
        <translation>dieser Host (Sender)</translation>
    </message>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>lab %1: client (sender)</source>
        <translation>Labor %1: Client (Sender)</translation>
    </message>
    <message>
        <source>lab client</source>
        <translation>Labor-Client</translation>
    </message>
    <message>
        <source>lab %1: server (receiver)</source>
        <translation>Labor %1: Server (Empfänger)</translation>
    </message>
    <message>
        <source>lab server</source>
        <translation>Labor-Server</translation>
    </message>
    <message>
        <source>lab %1: router</source>
        <translation>Labor %1: Router</translation>
    </message>
    <message>
        <source>lab router</source>
        <translation>Labor-Router</translation>
    </message>
</context>
<context>
    <name>KnobReaderText</name>
    <message>
        <source>not available in this kernel</source>
        <translation>in diesem Kernel nicht verfügbar</translation>
    </message>
</context>
<context>
    <name>KnobScope</name>
    <message>
        <source>lab %1</source>
        <translation>Labor %1</translation>
    </message>
</context>
<context>
    <name>KnobValue</name>
    <message>
        <source>bytes such as 262144, 256K or 4M</source>
        <translation>Bytes wie 262144, 256K oder 4M</translation>
    </message>
    <message>
        <source>bytes per second such as 1250000 or 10M</source>
        <translation>Bytes je Sekunde wie 1250000 oder 10M</translation>
    </message>
    <message>
        <source>a rate such as 50mbit or 1gbit</source>
        <translation>eine Rate wie 50mbit oder 1gbit</translation>
    </message>
    <message>
        <source>milliseconds such as 20 or 20ms</source>
        <translation>Millisekunden wie 20 oder 20ms</translation>
    </message>
    <message>
        <source>a percentage such as 120</source>
        <translation>einen Prozentsatz wie 120</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>eine ganze Zahl</translation>
    </message>
    <message>
        <source>%1: %2 is below the minimum %3; give %3 to %4.</source>
        <translation>%1: %2 liegt unter dem Minimum %3; geben Sie %3 bis %4 an.</translation>
    </message>
    <message>
        <source>%1: %2 is above the maximum %4; give %3 to %4.</source>
        <translation>%1: %2 liegt über dem Maximum %4; geben Sie %3 bis %4 an.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not a switch value; use 1 or 0 (on/off).</source>
        <translation>%1: &apos;%2&apos; ist kein Schalterwert; verwenden Sie 1 oder 0 (an/aus).</translation>
    </message>
    <message>
        <source>%1: give three sizes, min default max, such as &quot;4096 16384 4M&quot; (got %2).</source>
        <translation>%1: geben Sie drei Größen an, min. Standard max., etwa &quot;4096 16384 4M&quot; (erhalten: %2).</translation>
    </message>
    <message>
        <source>%1: the three sizes must not decrease (min &lt;= default &lt;= max): %2 %3 %4.</source>
        <translation>%1: die drei Größen dürfen nicht abnehmen (min. &lt;= Standard &lt;= max.): %2 %3 %4.</translation>
    </message>
    <message>
        <source>%1: the list of allowed values could not be read from %2.</source>
        <translation>%1: die Liste der erlaubten Werte konnte nicht aus %2 gelesen werden.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is not offered by this kernel; choose one of: %3.</source>
        <translation>%1: &apos;%2&apos; bietet dieser Kernel nicht an; wählen Sie einen von: %3.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a number; give %2.</source>
        <translation>&apos;%1&apos; ist keine Zahl; geben Sie %2 an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is negative; give %2.</source>
        <translation>&apos;%1&apos; ist negativ; geben Sie %2 an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; has a unit that does not fit here; give %2.</source>
        <translation>&apos;%1&apos; hat eine Einheit, die hier nicht passt; geben Sie %2 an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is too large.</source>
        <translation>&apos;%1&apos; ist zu groß.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a whole number of %2.</source>
        <translation>&apos;%1&apos; ist keine ganze Zahl von %2.</translation>
    </message>
    <message>
        <source>%1: no value given.</source>
        <translation>%1: kein Wert angegeben.</translation>
    </message>
    <message>
        <source>%1: unsupported value type.</source>
        <translation>%1: nicht unterstützter Werttyp.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>%1: the value contains a line break or control characters (%2); give it on one line.</source>
        <translation>%1: Der Wert enthält einen Zeilenumbruch oder Steuerzeichen (%2); geben Sie ihn in einer Zeile an.</translation>
    </message>
    <message>
        <source>microseconds such as 50, 50us or 1ms</source>
        <translation>Mikrosekunden wie 50, 50us oder 1ms</translation>
    </message>
</context>
<context>
    <name>KnobsCommand</name>
    <message>
        <source>knob</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>(unavailable)</source>
        <translation>(nicht verfügbar)</translation>
    </message>
    <message>
        <source>[global]</source>
        <translation>[global]</translation>
    </message>
    <message>
        <source>* differs from the kernel default</source>
        <translation>* weicht vom Kernel-Standard ab</translation>
    </message>
    <message>
        <source>Lists the kernel knobs tcptune knows, with their current and default values.
&apos;tcptune knobs set KEY=VALUE... [--netns NAME] -- COMMAND&apos; runs COMMAND with changed knobs;
&apos;tcptune knobs restore&apos; rolls back changes a crashed helper left behind.</source>
        <translation>Listet die Kernel-Parameter, die tcptune kennt, mit ihren aktuellen und Standardwerten.
&apos;tcptune knobs set KEY=VALUE... [--netns NAME] -- BEFEHL&apos; führt BEFEHL mit geänderten Parametern aus;
&apos;tcptune knobs restore&apos; nimmt Änderungen zurück, die ein abgestürzter Helfer hinterlassen hat.</translation>
    </message>
    <message>
        <source>List knobs.</source>
        <translation>Parameter auflisten.</translation>
    </message>
    <message>
        <source>Print a JSON array instead of a table.</source>
        <translation>Ein JSON-Array statt einer Tabelle ausgeben.</translation>
    </message>
    <message>
        <source>Read the values inside lab namespace NAME.</source>
        <translation>Die Werte im Labor-Namensraum NAME lesen.</translation>
    </message>
    <message>
        <source>Try &apos;tcptune knobs --help&apos;.</source>
        <translation>Versuchen Sie &apos;tcptune knobs --help&apos;.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;. Try &apos;tcptune knobs --help&apos;.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;. Versuchen Sie &apos;tcptune knobs --help&apos;.</translation>
    </message>
    <message>
        <source>not offered inside %1</source>
        <translation>in %1 nicht angeboten</translation>
    </message>
    <message>
        <source>Give either --lab NAME or --netns NAME, not both.</source>
        <translation>Geben Sie entweder --lab NAME oder --netns NAME an, nicht beide.</translation>
    </message>
    <message>
        <source>Read the values at the client of lab NAME (tcptune-NAME-client).</source>
        <translation>Die Werte am Client des Labors NAME lesen (tcptune-NAME-client).</translation>
    </message>
</context>
<context>
    <name>KnobsSetCommand</name>
    <message>
        <source>--netns needs a namespace name, e.g. --netns tcptune-client.</source>
        <translation>--netns braucht einen Namensraum, z. B. --netns tcptune-client.</translation>
    </message>
    <message>
        <source>Unknown option &apos;%1&apos;. Try &apos;tcptune knobs set --help&apos;.</source>
        <translation>Unbekannte Option &apos;%1&apos;. Versuchen Sie &apos;tcptune knobs set --help&apos;.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not KEY=VALUE, e.g. net.ipv4.tcp_autocorking=0.</source>
        <translation>&apos;%1&apos; ist nicht SCHLÜSSEL=WERT, z. B. net.ipv4.tcp_autocorking=0.</translation>
    </message>
    <message>
        <source>Give at least one KEY=VALUE before &apos;--&apos;. Try &apos;tcptune knobs set --help&apos;.</source>
        <translation>Geben Sie vor &apos;--&apos; mindestens ein SCHLÜSSEL=WERT an. Versuchen Sie &apos;tcptune knobs set --help&apos;.</translation>
    </message>
    <message>
        <source>Give the command to run after &apos;--&apos;, e.g. tcptune knobs set net.ipv4.tcp_autocorking=0 -- sleep 10.</source>
        <translation>Geben Sie nach &apos;--&apos; den auszuführenden Befehl an, z. B. tcptune knobs set net.ipv4.tcp_autocorking=0 -- sleep 10.</translation>
    </message>
    <message>
        <source>tcptune: %1</source>
        <translation>tcptune: %1</translation>
    </message>
    <message>
        <source>tcptune: restored %1%2: %3 -&gt; %4</source>
        <translation>tcptune: zurückgesetzt %1%2: %3 -&gt; %4</translation>
    </message>
    <message>
        <source>tcptune: warning: %1</source>
        <translation>tcptune: Warnung: %1</translation>
    </message>
    <message>
        <source>tcptune: %1%2: %3 -&gt; %4</source>
        <translation>tcptune: %1%2: %3 -&gt; %4</translation>
    </message>
    <message>
        <source>Restoring the knobs failed: %1 Run &apos;tcptune knobs restore&apos;.</source>
        <translation>Das Zurücksetzen der Parameter schlug fehl: %1 Führen Sie &apos;tcptune knobs restore&apos; aus.</translation>
    </message>
    <message>
        <source>Usage: tcptune knobs restore [--journal-dir DIR]
Rolls back the knob changes that a tcptune-helper which died left in its journal (/run/tcptune, or DIR below it).
</source>
        <translation>Aufruf: tcptune knobs restore [--journal-dir ORDNER]
Nimmt die Parameteränderungen zurück, die ein abgestürzter tcptune-helper in seinem Journal hinterlassen hat (/run/tcptune oder ORDNER darunter).
</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;. Try &apos;tcptune knobs restore --help&apos;.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;. Versuchen Sie &apos;tcptune knobs restore --help&apos;.</translation>
    </message>
    <message>
        <source>Nothing to restore: no helper left changes in the journal.</source>
        <translation>Nichts zurückzusetzen: kein Helfer hat Änderungen im Journal hinterlassen.</translation>
    </message>
    <message>
        <source>restored %1%2: %3 -&gt; %4</source>
        <translation>zurückgesetzt %1%2: %3 -&gt; %4</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>Warnung: %1</translation>
    </message>
    <message>
        <source>Usage: tcptune knobs set KEY=VALUE... [--lab NAME | --netns NAME] [--force] -- COMMAND [ARGS]
Applies the knobs through tcptune-helper, runs COMMAND, then restores every knob and exits with COMMAND&apos;s status.
  --lab NAME    change the knobs at the client of lab NAME (its namespace tcptune-NAME-client)
  --netns NAME  change the knobs inside lab namespace NAME (per-namespace knobs only)
  --force       confirm turning a core TCP feature off on the host (tcp_sack, tcp_timestamps or tcp_window_scaling = 0 affects every new connection of the machine), or changing a link knob (link.DEVICE.PARAMETER) of a host device
Example: tcptune knobs set net.ipv4.tcp_autocorking=0 -- iperf3 -c 127.0.0.1
</source>
        <translation>Aufruf: tcptune knobs set SCHLÜSSEL=WERT... [--lab NAME | --netns NAME] [--force] -- BEFEHL [ARGUMENTE]
Setzt die Knöpfe über tcptune-helper, führt BEFEHL aus, setzt dann jeden Knopf zurück und endet mit dem Status von BEFEHL.
  --lab NAME    die Knöpfe am Client des Labors NAME ändern (sein Namensraum tcptune-NAME-client)
  --netns NAME  die Knöpfe im Labor-Namensraum NAME ändern (nur Knöpfe je Namensraum)
  --force       bestätigt das Abschalten einer TCP-Kernfunktion auf dem Host (tcp_sack, tcp_timestamps oder tcp_window_scaling = 0 betrifft jede neue Verbindung des Rechners) oder das Ändern eines Link-Knopfs (link.GERÄT.PARAMETER) eines Geräts des Hosts
Beispiel: tcptune knobs set net.ipv4.tcp_autocorking=0 -- iperf3 -c 127.0.0.1
</translation>
    </message>
    <message>
        <source>--lab needs a lab name, e.g. --lab lab.</source>
        <translation>--lab braucht einen Labornamen, z. B. --lab lab.</translation>
    </message>
</context>
<context>
    <name>LatencyUnderLoadChart</name>
    <message>
        <source>Latency under load: round trips and throughput over the run</source>
        <translation>Latenz unter Last: Umlaufzeiten und Durchsatz über den Lauf</translation>
    </message>
    <message>
        <source>UDP echo</source>
        <translation>UDP-Echo</translation>
    </message>
    <message>
        <source>TCP probe</source>
        <translation>TCP-Probe</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>Leerlauf</translation>
    </message>
    <message>
        <source>Mbit/s</source>
        <translation>Mbit/s</translation>
    </message>
    <message>
        <source>down</source>
        <translation>Download</translation>
    </message>
    <message>
        <source>up</source>
        <translation>Upload</translation>
    </message>
    <message>
        <source>UDP round trips: %1 ms under load</source>
        <translation>UDP-Umlaufzeiten: %1 ms unter Last</translation>
    </message>
    <message>
        <source>round trip, ms (log scale)</source>
        <translation>Umlaufzeit, ms (logarithmisch)</translation>
    </message>
    <message>
        <source>round trip, ms</source>
        <translation>Umlaufzeit, ms</translation>
    </message>
    <message>
        <source>share</source>
        <translation>Anteil</translation>
    </message>
    <message>
        <source>idle, median %1 ms</source>
        <translation>Leerlauf, Median %1 ms</translation>
    </message>
    <message>
        <source>loaded, median %1 ms</source>
        <translation>unter Last, Median %1 ms</translation>
    </message>
</context>
<context>
    <name>MetricCheck</name>
    <message>
        <source>%1: no comparison (too few runs or samples on one side); undecided</source>
        <translation>%1: kein Vergleich (zu wenige Läufe oder Messwerte auf einer Seite); unentschieden</translation>
    </message>
    <message>
        <source>%1 %2 (95 % CI %3 .. %4)</source>
        <translation>%1 %2 (95-%-KI %3 .. %4)</translation>
    </message>
    <message>
        <source>%1: a regression beyond the %2 % limit</source>
        <translation>%1: eine Verschlechterung über die Grenze von %2 % hinaus</translation>
    </message>
    <message>
        <source>%1: an improvement</source>
        <translation>%1: eine Verbesserung</translation>
    </message>
    <message>
        <source>%1: undecided against the %2 % limit; about %3 runs a side would decide it</source>
        <translation>%1: unentschieden gegenüber der Grenze von %2 %; etwa %3 Läufe je Seite würden es entscheiden</translation>
    </message>
    <message>
        <source>%1: within the %2 % limit</source>
        <translation>%1: innerhalb der Grenze von %2 %</translation>
    </message>
</context>
<context>
    <name>RegressionCheckJUnit</name>
    <message>
        <source>The baseline has the point %1; the check did not run it.</source>
        <translation>Die Referenz hat den Punkt %1; die Prüfung hat ihn nicht ausgeführt.</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 gegen %2</translation>
    </message>
</context>
<context>
    <name>RegressionCheckMarkdown</name>
    <message>
        <source>**No regression** beyond the limits.</source>
        <translation>**Keine Verschlechterung** über die Grenzen hinaus.</translation>
    </message>
    <message numerus="yes">
        <source>**Regression**: %n metric(s) significantly worse beyond the limit.</source>
        <translation>
            <numerusform>**Verschlechterung**: %n Metrik signifikant schlechter über die Grenze hinaus.</numerusform>
            <numerusform>**Verschlechterung**: %n Metriken signifikant schlechter über die Grenze hinaus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>**Undecided**: no significant regression, but %n metric(s) too noisy or too short to decide.</source>
        <translation>
            <numerusform>**Unentschieden**: keine signifikante Verschlechterung, aber %n Metrik zu verrauscht oder zu kurz für eine Entscheidung.</numerusform>
            <numerusform>**Unentschieden**: keine signifikante Verschlechterung, aber %n Metriken zu verrauscht oder zu kurz für eine Entscheidung.</numerusform>
        </translation>
    </message>
    <message>
        <source>❌ regression</source>
        <translation>❌ Verschlechterung</translation>
    </message>
    <message>
        <source>✅ improvement</source>
        <translation>✅ Verbesserung</translation>
    </message>
    <message>
        <source>⚠️ undecided (about %1 runs a side)</source>
        <translation>⚠️ unentschieden (etwa %1 Läufe je Seite)</translation>
    </message>
    <message>
        <source>✅ within the limit</source>
        <translation>✅ innerhalb der Grenze</translation>
    </message>
    <message>
        <source>## tcptune check: %1 against the baseline %2</source>
        <translation>## tcptune check: %1 gegen die Referenz %2</translation>
    </message>
    <message>
        <source>| point | metric | baseline | checked | change (95 % CI) | limit | outcome |</source>
        <translation>| Punkt | Metrik | Referenz | geprüft | Änderung (95-%-KI) | Grenze | Ergebnis |</translation>
    </message>
    <message>
        <source>Baseline points the check did not run: %1.</source>
        <translation>Punkte der Referenz, die die Prüfung nicht ausgeführt hat: %1.</translation>
    </message>
    <message>
        <source>Changes are the checked experiment against the baseline, with Welch&apos;s 95 % interval over the runs (one run a side: the block bootstrap over its series), Holm-corrected over the metrics of a point.</source>
        <translation>Änderungen sind das geprüfte Experiment gegenüber der Referenz, mit Welchs 95-%-Intervall über die Läufe (ein Lauf je Seite: der Block-Bootstrap über seine Zeitreihe), nach Holm über die Metriken eines Punkts korrigiert.</translation>
    </message>
</context>
<context>
    <name>RegressionLimits</name>
    <message>
        <source>&apos;%1&apos; is not a regression limit: give a percentage for every metric (&apos;5&apos;) or per metric (&apos;throughput=3,rtt_median=20&apos;; metrics: %2).</source>
        <translation>„%1“ ist keine Verschlechterungsgrenze: geben Sie einen Prozentwert für alle Metriken („5“) oder je Metrik an („throughput=3,rtt_median=20“; Metriken: %2).</translation>
    </message>
</context>
<context>
    <name>ResultsList</name>
    <message>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>created (UTC)</source>
        <translation>erstellt (UTC)</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>ran on</source>
        <translation>lief auf</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>The result store %1 holds no experiments yet; &apos;tcptune sweep 5&apos; runs one.</source>
        <translation>Der Ergebnisspeicher %1 enthält noch keine Experimente; &apos;tcptune sweep 5&apos; führt eines aus.</translation>
    </message>
    <message>
        <source>No experiment in %1 matches; &apos;tcptune results list&apos; without --host, --user, --kernel or --tag shows them all.</source>
        <translation>Kein Experiment in %1 passt; &apos;tcptune results list&apos; ohne --host, --user, --kernel oder --tag zeigt alle.</translation>
    </message>
    <message>
        <source>list: only experiments run on HOST (any case).</source>
        <translation>list: nur Experimente, die auf HOST liefen (Groß-/Kleinschreibung egal).</translation>
    </message>
    <message>
        <source>list: only experiments USER ran.</source>
        <translation>list: nur Experimente, die USER ausgeführt hat.</translation>
    </message>
    <message>
        <source>list: only experiments run on a kernel release starting with RELEASE (e.g. 6.1).</source>
        <translation>list: nur Experimente auf einem Kernel, dessen Release mit RELEASE beginnt (z. B. 6.1).</translation>
    </message>
    <message>
        <source>list: only experiments tagged TAG.</source>
        <translation>list: nur Experimente mit dem Tag TAG.</translation>
    </message>
</context>
<context>
    <name>ResultsTransfer</name>
    <message>
        <source>Cannot write %1; check the folder&apos;s permissions.</source>
        <translation>%1 kann nicht geschrieben werden; prüfen Sie die Rechte des Ordners.</translation>
    </message>
    <message>
        <source>Wrote experiment %1 and its runs (%2) to %3.</source>
        <translation>Experiment %1 und seine Läufe (%2) nach %3 geschrieben.</translation>
    </message>
    <message>
        <source>There is no bundle %1; &apos;tcptune results export ID --bundle FILE&apos; writes one.</source>
        <translation>Es gibt kein Bündel %1; „tcptune results export ID --bundle DATEI“ schreibt eines.</translation>
    </message>
    <message>
        <source>%1 is not a tcptune bundle: %2</source>
        <translation>%1 ist kein tcptune-Bündel: %2</translation>
    </message>
    <message>
        <source>Imported into %1: new experiments %2, new runs %3.</source>
        <translation>In %1 importiert: neue Experimente %2, neue Läufe %3.</translation>
    </message>
    <message>
        <source>Nothing waits in the outbox (%1).</source>
        <translation>Im Postausgang wartet nichts (%1).</translation>
    </message>
    <message>
        <source>Uploaded to %1: new runs %2.</source>
        <translation>Nach %1 hochgeladen: neue Läufe %2.</translation>
    </message>
    <message>
        <source>Capture files in the bundle: %1; not found or not readable, so left out: %2.</source>
        <translation>Mitschnittdateien im Bündel: %1; nicht gefunden oder nicht lesbar und daher ausgelassen: %2.</translation>
    </message>
    <message>
        <source>Capture files written to %1: %2.</source>
        <translation>Nach %1 geschriebene Mitschnittdateien: %2.</translation>
    </message>
</context>
<context>
    <name>RunStreamGraph</name>
    <message>
        <source>Run %1 recorded no capture that is still there.</source>
        <translation>Lauf %1 hat keinen Mitschnitt aufgezeichnet, der noch vorhanden ist.</translation>
    </message>
</context>
<context>
    <name>StoreLocation</name>
    <message>
        <source>&apos;%1&apos; is not a store address: write %2.</source>
        <translation>&apos;%1&apos; ist keine Speicheradresse: Schreiben Sie %2.</translation>
    </message>
    <message>
        <source>The store address holds a password: leave it out (it would show in the process list) and put it in ~/.pgpass or the file PGPASSFILE names, as HOST:PORT:DATABASE:USER:PASSWORD.</source>
        <translation>Die Speicheradresse enthält ein Passwort: Lassen Sie es weg (es stünde in der Prozessliste) und tragen Sie es in ~/.pgpass oder die Datei, die PGPASSFILE nennt, als HOST:PORT:DATENBANK:BENUTZER:PASSWORT ein.</translation>
    </message>
    <message>
        <source>The store address %1 names no database: write %2.</source>
        <translation>Die Speicheradresse %1 nennt keine Datenbank: Schreiben Sie %2.</translation>
    </message>
    <message>
        <source>The store address has the parameter &apos;%1&apos;, which tcptune does not pass on; it knows host, %2.</source>
        <translation>Die Speicheradresse hat den Parameter &apos;%1&apos;, den tcptune nicht weitergibt; es kennt host, %2.</translation>
    </message>
</context>
<context>
    <name>StoreOption</name>
    <message>
        <source>The result store: a file, or a PostgreSQL server as postgresql://USER@HOST[:PORT]/DB (its password from ~/.pgpass). Default: $TCPTUNE_STORE, else the workbench&apos;s Settings, else $XDG_DATA_HOME/tcptune/results.db.</source>
        <translation>Der Ergebnisspeicher: eine Datei oder ein PostgreSQL-Server als postgresql://BENUTZER@HOST[:PORT]/DB (sein Passwort aus ~/.pgpass). Vorgabe: $TCPTUNE_STORE, sonst die Einstellungen der Werkbank, sonst $XDG_DATA_HOME/tcptune/results.db.</translation>
    </message>
</context>
<context>
    <name>TuneSpec</name>
    <message>
        <source>Tune field &apos;%1&apos;: %2</source>
        <translation>Tune-Feld &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>unknown field; use one of: %1.</source>
        <translation>unbekanntes Feld; verwenden Sie eines von: %1.</translation>
    </message>
    <message>
        <source>write an object such as %1.</source>
        <translation>schreiben Sie ein Objekt wie %1.</translation>
    </message>
    <message>
        <source>write a whole number.</source>
        <translation>schreiben Sie eine ganze Zahl.</translation>
    </message>
    <message>
        <source>write a number.</source>
        <translation>schreiben Sie eine Zahl.</translation>
    </message>
    <message>
        <source>%1 is outside %2 .. %3; write a value in that range.</source>
        <translation>%1 liegt außerhalb von %2 .. %3; schreiben Sie einen Wert in diesem Bereich.</translation>
    </message>
    <message>
        <source>write true or false.</source>
        <translation>schreiben Sie true oder false.</translation>
    </message>
    <message>
        <source>write one of: throughput, latency, rr.</source>
        <translation>schreiben Sie eines von: throughput, latency, rr.</translation>
    </message>
    <message>
        <source>write a list of knob keys.</source>
        <translation>schreiben Sie eine Liste von Stellschrauben-Schlüsseln.</translation>
    </message>
    <message>
        <source>write a knob key as a string.</source>
        <translation>schreiben Sie einen Stellschrauben-Schlüssel als Zeichenkette.</translation>
    </message>
    <message>
        <source>write a number such as 65536 or &quot;64K&quot;.</source>
        <translation>schreiben Sie eine Zahl wie 65536 oder &quot;64K&quot;.</translation>
    </message>
    <message>
        <source>%1 is outside the knob&apos;s %2 .. %3.</source>
        <translation>%1 liegt außerhalb der Grenzen der Stellschraube, %2 .. %3.</translation>
    </message>
    <message>
        <source>only a number or a triple has a range; leave this knob out of ranges.</source>
        <translation>nur eine Zahl oder ein Tripel hat einen Bereich; lassen Sie diese Stellschraube in ranges weg.</translation>
    </message>
    <message>
        <source>min is above max; swap them.</source>
        <translation>min liegt über max; vertauschen Sie die beiden.</translation>
    </message>
    <message>
        <source>it is above race.max_repeats; lower it or raise that.</source>
        <translation>es liegt über race.max_repeats; senken Sie es oder erhöhen Sie jenes.</translation>
    </message>
    <message>
        <source>Tune field &apos;tune&apos;: write an object such as {&quot;goal&quot;: &quot;throughput&quot;}.</source>
        <translation>Tune-Feld &apos;tune&apos;: schreiben Sie ein Objekt wie {&quot;goal&quot;: &quot;throughput&quot;}.</translation>
    </message>
    <message>
        <source>%1 runs leave nothing after the baseline&apos;s %2; give more.</source>
        <translation>%1 Läufe lassen nach den %2 der Ausgangsmessung keinen übrig; geben Sie mehr an.</translation>
    </message>
</context>
<context>
    <name>TunerSearch</name>
    <message>
        <source>%1 max %2</source>
        <translation>%1 max. %2</translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation>%1 Mbit/s</translation>
    </message>
    <message>
        <source>RTT p95 %1 ms</source>
        <translation>RTT p95 %1 ms</translation>
    </message>
    <message>
        <source>%1 transactions/s</source>
        <translation>%1 Transaktionen/s</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Ausgangsmessung</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>worse, dropped</source>
        <translation>schlechter, verworfen</translation>
    </message>
    <message>
        <source>no significant difference</source>
        <translation>kein signifikanter Unterschied</translation>
    </message>
    <message>
        <source>loses too much throughput</source>
        <translation>verliert zu viel Durchsatz</translation>
    </message>
    <message>
        <source>its runs failed</source>
        <translation>seine Läufe schlugen fehl</translation>
    </message>
    <message>
        <source>Trial %1: baseline, %2 runs, none measured the goal</source>
        <translation>Versuch %1: Ausgangsmessung, Läufe: %2, keiner maß das Ziel</translation>
    </message>
    <message>
        <source>Trial %1: baseline, %2 runs, %3</source>
        <translation>Versuch %1: Ausgangsmessung, Läufe: %2, %3</translation>
    </message>
    <message>
        <source>Trial %1: %2, %3 runs: %4</source>
        <translation>Versuch %1: %2, Läufe: %3: %4</translation>
    </message>
    <message>
        <source>Trial %1: %2, %3 runs: %4 %, %5</source>
        <translation>Versuch %1: %2, Läufe: %3: %4 %, %5</translation>
    </message>
</context>
<context>
    <name>UnderLoadSummary</name>
    <message>
        <source>idle %1 ms, under load %2 ms (p95 %3 ms), %4 ms, %5 of %6 probes lost</source>
        <translation>Leerlauf %1 ms, unter Last %2 ms (p95 %3 ms), %4 ms, %5 von %6 Proben verloren</translation>
    </message>
</context>
<context>
    <name>tcptune::LabAgent</name>
    <message>
        <source>Cannot start the agent in %1: %2</source>
        <translation>Der Agent in %1 kann nicht gestartet werden: %2</translation>
    </message>
</context>
<context>
    <name>LabCommand</name>
    <message>
        <source>Lab %1 is down. Start it with &apos;tcptune lab up --name %1&apos;.</source>
        <translation>Labor %1 ist nicht aktiv. Starten Sie es mit &apos;tcptune lab up --name %1&apos;.</translation>
    </message>
    <message>
        <source>Lab %1 was left behind: %2.</source>
        <translation>Labor %1 wurde zurückgelassen: %2.</translation>
    </message>
    <message>
        <source>Remove it with &apos;tcptune lab down --name %1&apos;.</source>
        <translation>Entfernen Sie es mit &apos;tcptune lab down --name %1&apos;.</translation>
    </message>
    <message>
        <source>Lab %1 is up (namespaces %2); its settings are readable by root only.</source>
        <translation>Labor %1 ist aktiv (Namensräume %2); seine Einstellungen kann nur root lesen.</translation>
    </message>
    <message>
        <source>Lab %1 is up: %2</source>
        <translation>Labor %1 ist aktiv: %2</translation>
    </message>
    <message>
        <source>client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>router</source>
        <translation>Router</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>  queue: %1 bytes (%2 packets) now; %3 bytes sent, %4 packets dropped</source>
        <translation>  Warteschlange: jetzt %1 Bytes (%2 Pakete); %3 Bytes gesendet, %4 Pakete verworfen</translation>
    </message>
    <message>
        <source>This kernel has no netem: labs work without --delay (missing qdiscs: %1).</source>
        <translation>Dieser Kernel hat kein netem: Labore funktionieren ohne --delay (fehlende Qdiscs: %1).</translation>
    </message>
    <message>
        <source>The lab is built by tcptune-helper, which did not start: %1</source>
        <translation>Das Labor wird von tcptune-helper aufgebaut, der nicht startete: %1</translation>
    </message>
    <message>
        <source>Lab %1 is down; nothing to remove.</source>
        <translation>Labor %1 ist nicht aktiv; nichts zu entfernen.</translation>
    </message>
    <message>
        <source>Lab %1 removed: its namespaces and links are gone.</source>
        <translation>Labor %1 entfernt: seine Namensräume und Verbindungen sind weg.</translation>
    </message>
    <message>
        <source>No lab is up. Start one with &apos;tcptune lab up&apos;.</source>
        <translation>Kein Labor ist aktiv. Starten Sie eines mit &apos;tcptune lab up&apos;.</translation>
    </message>
    <message>
        <source>The local lab: client, router and server in network namespaces, joined by veth pairs, with a shaped bottleneck. Built through tcptune-helper.</source>
        <translation>Das lokale Labor: Client, Router und Server in Netzwerk-Namensräumen, verbunden durch veth-Paare, mit einem geformten Engpass. Aufgebaut über tcptune-helper.</translation>
    </message>
    <message>
        <source>The lab command.</source>
        <translation>Der Labor-Befehl.</translation>
    </message>
    <message>
        <source>up, down or status.</source>
        <translation>up, down oder status.</translation>
    </message>
    <message>
        <source>Lab name (default: lab); namespaces are tcptune-NAME-*.</source>
        <translation>Laborname (Standard: lab); die Namensräume heißen tcptune-NAME-*.</translation>
    </message>
    <message>
        <source>routed (default: client, router, server) or direct (one veth pair).</source>
        <translation>routed (Standard: Client, Router, Server) oder direct (ein veth-Paar).</translation>
    </message>
    <message>
        <source>Bottleneck rate, e.g. 50mbit (default: unshaped).</source>
        <translation>Engpassrate, z. B. 50mbit (Standard: ungeformt).</translation>
    </message>
    <message>
        <source>Bottleneck queue limit, e.g. 2M (default 2 MiB).</source>
        <translation>Warteschlangengrenze des Engpasses, z. B. 2M (Standard 2 MiB).</translation>
    </message>
    <message>
        <source>MTU on every lab link (default 1500).</source>
        <translation>MTU auf jeder Laborverbindung (Standard 1500).</translation>
    </message>
    <message>
        <source>One-way delay in ms (needs netem in the kernel).</source>
        <translation>Einseitige Verzögerung in ms (braucht netem im Kernel).</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>Try &apos;tcptune lab --help&apos;.</source>
        <translation>Versuchen Sie &apos;tcptune lab --help&apos;.</translation>
    </message>
    <message>
        <source>Say what to do: &apos;tcptune lab up&apos;, &apos;tcptune lab down&apos; or &apos;tcptune lab status&apos;.</source>
        <translation>Sagen Sie, was zu tun ist: &apos;tcptune lab up&apos;, &apos;tcptune lab down&apos; oder &apos;tcptune lab status&apos;.</translation>
    </message>
    <message>
        <source>--topology, --rate, --queue, --mtu and --delay belong to &apos;tcptune lab up&apos;.</source>
        <translation>--topology, --rate, --queue, --mtu und --delay gehören zu &apos;tcptune lab up&apos;.</translation>
    </message>
    <message>
        <source>Unknown lab action &apos;%1&apos;; use up, down or status.</source>
        <translation>Unbekannte Laboraktion &apos;%1&apos;; verwenden Sie up, down oder status.</translation>
    </message>
    <message>
        <source>  bottleneck: %1 on %2 in %3, the same on %4 towards the client</source>
        <translation>  Engpass: %1 auf %2 in %3, derselbe auf %4 in Richtung Client</translation>
    </message>
</context>
<context>
    <name>LabFiles</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Lab records live below %1, not in %2.</source>
        <translation>Labor-Aufzeichnungen liegen unterhalb von %1, nicht in %2.</translation>
    </message>
</context>
<context>
    <name>LabHelperOperations</name>
    <message>
        <source>Unknown parameter &apos;%1&apos;; expected %2.</source>
        <translation>Unbekannter Parameter &apos;%1&apos;; erwartet: %2.</translation>
    </message>
    <message>
        <source>&apos;name&apos; must be a string.</source>
        <translation>&apos;name&apos; muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>&apos;knobs&apos; must be an object of lab parameters, e.g. {&quot;lab.rate&quot;: &quot;50mbit&quot;}.</source>
        <translation>&apos;knobs&apos; muss ein Objekt aus Laborparametern sein, z. B. {&quot;lab.rate&quot;: &quot;50mbit&quot;}.</translation>
    </message>
    <message>
        <source>The value of &apos;%1&apos; must be a string.</source>
        <translation>Der Wert von &apos;%1&apos; muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a namespace of a lab that is up; start the lab first.</source>
        <translation>&apos;%1&apos; ist kein Namensraum eines laufenden Labors; starten Sie zuerst das Labor.</translation>
    </message>
    <message>
        <source>&apos;family&apos; must be &quot;inet&quot; or &quot;inet6&quot;.</source>
        <translation>&apos;family&apos; muss &quot;inet&quot; oder &quot;inet6&quot; sein.</translation>
    </message>
    <message>
        <source>&apos;count&apos; must be a number from 1 to %1.</source>
        <translation>&apos;count&apos; muss eine Zahl von 1 bis %1 sein.</translation>
    </message>
    <message>
        <source>Congestion control &apos;%1&apos; is not available; the kernel offers: %2.</source>
        <translation>Die Staukontrolle &apos;%1&apos; ist nicht verfügbar; der Kernel bietet: %2.</translation>
    </message>
    <message>
        <source>&apos;netns&apos; must name a lab namespace (tcptune-NAME-client, -router or -server).</source>
        <translation>&apos;netns&apos; muss einen Namensraum des Labors nennen (tcptune-NAME-client, -router oder -server).</translation>
    </message>
    <message>
        <source>&apos;interface&apos; must be one of the lab&apos;s links: %1.</source>
        <translation>&apos;interface&apos; muss eine der Verbindungen des Labors sein: %1.</translation>
    </message>
    <message>
        <source>&apos;sndbuf&apos; must be a number of bytes from 1 to %1.</source>
        <translation>&apos;sndbuf&apos; muss eine Anzahl Bytes von 1 bis %1 sein.</translation>
    </message>
    <message>
        <source>Give &apos;congestion_control&apos; or &apos;sndbuf&apos; to set.</source>
        <translation>Geben Sie &apos;congestion_control&apos; oder &apos;sndbuf&apos; zum Setzen an.</translation>
    </message>
    <message>
        <source>The descriptor passed is not a TCP socket.</source>
        <translation>Der übergebene Deskriptor ist kein TCP-Socket.</translation>
    </message>
    <message>
        <source>The socket passed does not live in a lab namespace; the helper sets options only on lab sockets.</source>
        <translation>Der übergebene Socket gehört zu keinem Namespace eines Labors; der Helfer setzt Optionen nur auf Sockets des Labors.</translation>
    </message>
    <message>
        <source>Pass exactly one socket with lab_socket_options (%1 came).</source>
        <translation>Übergeben Sie mit lab_socket_options genau einen Socket (%1 kamen an).</translation>
    </message>
    <message>
        <source>&apos;type&apos; must be &quot;tcp&quot; or &quot;udp&quot;.</source>
        <translation>&apos;type&apos; muss &quot;tcp&quot; oder &quot;udp&quot; sein.</translation>
    </message>
    <message>
        <source>A UDP socket has no congestion control; leave &apos;congestion_control&apos; out.</source>
        <translation>Ein UDP-Socket hat keine Staukontrolle; lassen Sie &apos;congestion_control&apos; weg.</translation>
    </message>
</context>
<context>
    <name>LabManager</name>
    <message>
        <source>namespaces %1 exist but tcptune has no record of them (left by a crash?)</source>
        <translation>die Namensräume %1 existieren, aber tcptune hat keine Aufzeichnung davon (Rest eines Absturzes?)</translation>
    </message>
    <message>
        <source>building the lab did not finish (tcptune or its helper stopped midway)</source>
        <translation>der Aufbau des Labors wurde nicht beendet (tcptune oder sein Helfer brach mittendrin ab)</translation>
    </message>
    <message>
        <source>namespaces %1 of the lab are gone</source>
        <translation>die Namensräume %1 des Labors fehlen</translation>
    </message>
    <message>
        <source>Could not remove namespaces %1; see &apos;ip netns list&apos; and remove them with &apos;ip netns del&apos;.</source>
        <translation>Die Namensräume %1 ließen sich nicht entfernen; siehe &apos;ip netns list&apos; und entfernen Sie sie mit &apos;ip netns del&apos;.</translation>
    </message>
    <message>
        <source>The tbf qdisc is not in this kernel, so the lab cannot limit the rate: leave the lab&apos;s rate (lab.rate) at 0 (unshaped) or load the sch_tbf module.</source>
        <translation>Die Qdisc tbf fehlt in diesem Kernel, daher kann das Labor die Rate nicht begrenzen: lassen Sie die Rate des Labors (lab.rate) auf 0 (ungeformt) oder laden Sie das Modul sch_tbf.</translation>
    </message>
    <message>
        <source>netem is not in this kernel (no sch_netem module), so the lab cannot add delay: leave the lab&apos;s delay (lab.delay) at 0. Rate, queue and MTU still work.</source>
        <translation>netem fehlt in diesem Kernel (kein Modul sch_netem), daher kann das Labor keine Verzögerung hinzufügen: lassen Sie die Verzögerung des Labors (lab.delay) auf 0. Rate, Warteschlange und MTU funktionieren weiterhin.</translation>
    </message>
    <message>
        <source>Another tcptune is changing lab %1; try again when it has finished.</source>
        <translation>Ein anderes tcptune ändert gerade Labor %1; versuchen Sie es erneut, wenn es fertig ist.</translation>
    </message>
    <message>
        <source>Lab %1 was left behind: %2. Remove it with &apos;tcptune lab down --name %1&apos;, then start it again.</source>
        <translation>Labor %1 wurde zurückgelassen: %2. Entfernen Sie es mit &apos;tcptune lab down --name %1&apos; und starten Sie es dann neu.</translation>
    </message>
    <message>
        <source>Could not build lab %1: %2. Removing what was built failed too: %3</source>
        <translation>Labor %1 konnte nicht aufgebaut werden: %2. Auch das Entfernen des Aufgebauten ist fehlgeschlagen: %3</translation>
    </message>
    <message>
        <source>Could not build lab %1, nothing of it is left: %2</source>
        <translation>Labor %1 konnte nicht aufgebaut werden, nichts davon ist übrig: %2</translation>
    </message>
    <message>
        <source>Lab %1 has no bottleneck: it is down or unshaped.</source>
        <translation>Labor %1 hat keinen Engpass: es ist nicht aktiv oder ungeformt.</translation>
    </message>
</context>
<context>
    <name>LabRequests</name>
    <message>
        <source>Lab %1 was left behind (%2). Remove it with &apos;tcptune lab down --name %1&apos; and run again.</source>
        <translation>Labor %1 wurde zurückgelassen (%2). Entfernen Sie es mit &apos;tcptune lab down --name %1&apos; und starten Sie erneut.</translation>
    </message>
    <message>
        <source>Lab %1 is down and tcptune-helper, which builds it, did not start: %2</source>
        <translation>Labor %1 ist nicht aktiv, und tcptune-helper, der es aufbaut, startete nicht: %2</translation>
    </message>
    <message>
        <source>Could not start lab %1: %2</source>
        <translation>Labor %1 konnte nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>Lab %1 is not up after starting it; see &apos;tcptune lab status --name %1&apos;.</source>
        <translation>Labor %1 ist nach dem Start nicht aktiv; siehe &apos;tcptune lab status --name %1&apos;.</translation>
    </message>
</context>
<context>
    <name>LabSpec</name>
    <message>
        <source>&apos;%1&apos; is not a usable lab name: use 1 to 17 letters, digits, &apos;-&apos; or &apos;_&apos;, starting with a letter or digit.</source>
        <translation>&apos;%1&apos; ist kein brauchbarer Laborname: verwenden Sie 1 bis 17 Buchstaben, Ziffern, &apos;-&apos; oder &apos;_&apos;, beginnend mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a lab parameter; the lab knows lab.topology, lab.rate, lab.queue, lab.mtu and lab.delay.</source>
        <translation>&apos;%1&apos; ist kein Laborparameter; das Labor kennt lab.topology, lab.rate, lab.queue, lab.mtu und lab.delay.</translation>
    </message>
    <message>
        <source>unshaped</source>
        <translation>ungeformt</translation>
    </message>
    <message>
        <source>queue %1</source>
        <translation>Warteschlange %1</translation>
    </message>
    <message>
        <source>MTU %1</source>
        <translation>MTU %1</translation>
    </message>
    <message>
        <source>delay %1 ms</source>
        <translation>Verzögerung %1 ms</translation>
    </message>
</context>
<context>
    <name>LabStateRecord</name>
    <message>
        <source>No record of lab %1 (%2).</source>
        <translation>Keine Aufzeichnung von Labor %1 (%2).</translation>
    </message>
    <message>
        <source>The record %1 is damaged (%2); remove the lab with &apos;tcptune lab down --name %3&apos;.</source>
        <translation>Die Aufzeichnung %1 ist beschädigt (%2); entfernen Sie das Labor mit &apos;tcptune lab down --name %3&apos;.</translation>
    </message>
</context>
<context>
    <name>LabStepRunner</name>
    <message>
        <source>Cannot set %1 in %2: %3</source>
        <translation>%1 kann in %2 nicht gesetzt werden: %3</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was not found in /usr/sbin, /sbin or /usr/bin; install the iproute2 package.</source>
        <translation>&apos;%1&apos; wurde weder in /usr/sbin, /sbin noch /usr/bin gefunden; installieren Sie das Paket iproute2.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; could not run: %2</source>
        <translation>&apos;%1&apos; konnte nicht laufen: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; failed: %2</source>
        <translation>&apos;%1&apos; schlug fehl: %2</translation>
    </message>
    <message>
        <source>no message</source>
        <translation>keine Meldung</translation>
    </message>
</context>
<context>
    <name>LinkKnobs</name>
    <message>
        <source>No device named; link knobs are link.DEVICE.PARAMETER, e.g. link.eth0.gso.</source>
        <translation>Kein Gerät genannt; Link-Knöpfe heißen link.GERÄT.PARAMETER, z. B. link.eth0.gso.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a device name: it may not contain &apos;/&apos; or &apos;..&apos;.</source>
        <translation>&apos;%1&apos; ist kein Gerätename: er darf weder &apos;/&apos; noch &apos;..&apos; enthalten.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a device name: it may not contain spaces, newlines, &apos;:&apos; or control characters.</source>
        <translation>&apos;%1&apos; ist kein Gerätename: er darf keine Leerzeichen, Zeilenumbrüche, &apos;:&apos; oder Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a device name: the kernel&apos;s names have at most %2 bytes.</source>
        <translation>&apos;%1&apos; ist kein Gerätename: die Namen des Kernels haben höchstens %2 Bytes.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a link knob (link.DEVICE.PARAMETER).</source>
        <translation>&apos;%1&apos; ist kein Link-Knopf (link.GERÄT.PARAMETER).</translation>
    </message>
    <message>
        <source>Unknown link parameter &apos;%1&apos;; link knobs are link.DEVICE.PARAMETER with one of: %2.</source>
        <translation>Unbekannter Link-Parameter &apos;%1&apos;; Link-Knöpfe heißen link.GERÄT.PARAMETER mit einem von: %2.</translation>
    </message>
</context>
<context>
    <name>LinkSizeLimitsIo</name>
    <message>
        <source>There is no network device %1 here.</source>
        <translation>Hier gibt es kein Netzwerkgerät %1.</translation>
    </message>
    <message>
        <source>The kernel&apos;s answer for %1 is not a link.</source>
        <translation>Die Antwort des Kernels für %1 ist kein Link.</translation>
    </message>
    <message>
        <source>The kernel&apos;s answer for %1 is not an acknowledgement.</source>
        <translation>Die Antwort des Kernels für %1 ist keine Bestätigung.</translation>
    </message>
</context>
<context>
    <name>LinkWriter</name>
    <message>
        <source>This kernel does not report %1 for %2.</source>
        <translation>Dieser Kernel meldet %1 für %2 nicht.</translation>
    </message>
    <message>
        <source>%1 fixes %2 %3 on %4 ([fixed] in ethtool -k); this knob needs a device that lets it change.</source>
        <translation>%1 legt %2 auf %4 fest auf %3 ([fixed] in ethtool -k); dieser Knopf braucht ein Gerät, das die Änderung zulässt.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>The kernel refused %1 in %2: %3.</source>
        <translation>Der Kernel hat %1 in %2 abgelehnt: %3.</translation>
    </message>
    <message>
        <source>%1 = %2 is above the most %3 (%4) allows: %5.</source>
        <translation>%1 = %2 liegt über dem Höchstwert, den %3 (%4) zulässt: %5.</translation>
    </message>
    <message>
        <source>%1: unknown link parameter.</source>
        <translation>%1: unbekannter Link-Parameter.</translation>
    </message>
    <message>
        <source>%1: &apos;%2&apos; is out of range.</source>
        <translation>%1: &apos;%2&apos; liegt außerhalb des Bereichs.</translation>
    </message>
    <message>
        <source>%1 does not support interrupt coalescing (ethtool -C); this knob needs a physical NIC.</source>
        <translation>%1 unterstützt keine Interrupt-Bündelung (ethtool -C); dieser Knopf braucht eine physische Netzwerkkarte.</translation>
    </message>
    <message>
        <source>%1 does not support ring sizes (ethtool -G); this knob needs a physical NIC.</source>
        <translation>%1 unterstützt keine Ringgrößen (ethtool -G); dieser Knopf braucht eine physische Netzwerkkarte.</translation>
    </message>
    <message>
        <source>%1 does not support combined channels (ethtool -L); this knob needs a physical NIC.</source>
        <translation>%1 unterstützt keine kombinierten Kanäle (ethtool -L); dieser Knopf braucht eine physische Netzwerkkarte.</translation>
    </message>
    <message>
        <source>%1 does not support byte queue limits (BQL); this knob needs a physical NIC.</source>
        <translation>%1 unterstützt keine Byte Queue Limits (BQL); dieser Knopf braucht eine physische Netzwerkkarte.</translation>
    </message>
    <message>
        <source>%1 does not support this knob.</source>
        <translation>%1 unterstützt diesen Knopf nicht.</translation>
    </message>
    <message>
        <source>%1 (%2) has no %3 feature.</source>
        <translation>%1 (%2) hat keine Funktion %3.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>The root qdisc of %1 is %2, which tcptune cannot put back after the run (it sets %3); replace it by hand first, or set the knob on another device.</source>
        <translation>Die Wurzel-Qdisc von %1 ist %2, die tcptune nach dem Lauf nicht wiederherstellen kann (es setzt %3); ersetzen Sie sie zuerst von Hand, oder setzen Sie den Knopf an einem anderen Gerät.</translation>
    </message>
</context>
<context>
    <name>LiveExperimentBackend</name>
    <message>
        <source>Spec field &apos;knobs&apos;: lab parameters (lab.*) only apply to the lab target; remove them or set &quot;target&quot; to &quot;lab&quot;.</source>
        <translation>Spezifikationsfeld &apos;knobs&apos;: Laborparameter (lab.*) gelten nur für das Laborziel; entfernen Sie sie oder setzen Sie &quot;target&quot; auf &quot;lab&quot;.</translation>
    </message>
    <message>
        <source>tcptune-helper, which changes kernel knobs and builds the lab, did not start: %1</source>
        <translation>tcptune-helper, der Kernel-Parameter ändert und das Labor aufbaut, startete nicht: %1</translation>
    </message>
    <message>
        <source>Could not bring lab %1 up as %2: %3</source>
        <translation>Labor %1 konnte nicht als %2 gestartet werden: %3</translation>
    </message>
    <message>
        <source>Lab %1 is not up after building it; see &apos;tcptune lab status&apos;.</source>
        <translation>Labor %1 ist nach dem Aufbau nicht aktiv; siehe &apos;tcptune lab status&apos;.</translation>
    </message>
    <message>
        <source>The lab&apos;s agent did not start in %1: %2</source>
        <translation>Der Agent des Labors startete nicht in %1: %2</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
</context>
<context>
    <name>LabRunEndpoint</name>
    <message>
        <source>lab %1: %2</source>
        <translation>Labor %1: %2</translation>
    </message>
</context>
<context>
    <name>MeanIntervalText</name>
    <message>
        <source>%1 (–, 1 run)</source>
        <translation>%1 (–, 1 Lauf)</translation>
    </message>
    <message>
        <source>1 run: no spread was measured, so there is no interval. Repeat the point to get one.</source>
        <translation>1 Lauf: Es wurde keine Streuung gemessen, daher gibt es kein Intervall. Wiederholen Sie den Punkt, um eines zu erhalten.</translation>
    </message>
    <message>
        <source>Mean of %1 runs and its 95 % confidence interval.</source>
        <translation>Mittel aus %1 Läufen und sein 95-%-Konfidenzintervall.</translation>
    </message>
</context>
<context>
    <name>PacketSocketReader</name>
    <message>
        <source>The capture socket passed to tcptune is not a raw packet socket.</source>
        <translation>Der an tcptune übergebene Mitschnitt-Socket ist kein roher Paket-Socket.</translation>
    </message>
    <message>
        <source>The capture socket is on a link of type %1; only Ethernet links (the lab&apos;s) are captured this way.</source>
        <translation>Der Mitschnitt-Socket liegt auf einer Verbindung vom Typ %1; auf diese Weise werden nur Ethernet-Verbindungen (die des Labors) mitgeschnitten.</translation>
    </message>
    <message>
        <source>Cannot prepare the capture socket: %1.</source>
        <translation>Der Mitschnitt-Socket kann nicht vorbereitet werden: %1.</translation>
    </message>
    <message>
        <source>Reading the capture socket failed: %1.</source>
        <translation>Das Lesen des Mitschnitt-Sockets ist fehlgeschlagen: %1.</translation>
    </message>
    <message>
        <source>Waiting for packets failed: %1.</source>
        <translation>Das Warten auf Pakete ist fehlgeschlagen: %1.</translation>
    </message>
</context>
<context>
    <name>ParameterHeading</name>
    <message>
        <source>%1 (far end)</source>
        <translation>%1 (Gegenstelle)</translation>
    </message>
</context>
<context>
    <name>PdfReportWriter</name>
    <message>
        <source>Could not start drawing the PDF for %1; is a Qt GUI platform available (QT_QPA_PLATFORM=offscreen works without a display)?</source>
        <translation>Das Zeichnen des PDF für %1 konnte nicht beginnen; ist eine Qt-GUI-Plattform verfügbar (QT_QPA_PLATFORM=offscreen geht ohne Bildschirm)?</translation>
    </message>
</context>
<context>
    <name>PipeBridge</name>
    <message>
        <source>Cannot create a socket pair for the control channel: %1.</source>
        <translation>Für den Steuerkanal kann kein Socket-Paar angelegt werden: %1.</translation>
    </message>
    <message>
        <source>Cannot create a pipe for the control channel: %1.</source>
        <translation>Für den Steuerkanal kann keine Pipe angelegt werden: %1.</translation>
    </message>
    <message>
        <source>Cannot use the control channel&apos;s output: %1.</source>
        <translation>Die Ausgabe des Steuerkanals ist nicht nutzbar: %1.</translation>
    </message>
</context>
<context>
    <name>AbVerdict</name>
    <message>
        <source>%1 is %2 faster</source>
        <translation>%1 ist %2 schneller</translation>
    </message>
    <message>
        <source>%1 is %2 slower</source>
        <translation>%1 ist %2 langsamer</translation>
    </message>
    <message>
        <source>%1&apos;s RTT median is %2 higher</source>
        <translation>Der RTT-Median von %1 ist %2 höher</translation>
    </message>
    <message>
        <source>%1&apos;s RTT median is %2 lower</source>
        <translation>Der RTT-Median von %1 ist %2 niedriger</translation>
    </message>
    <message>
        <source>%1&apos;s RTT p95 is %2 higher</source>
        <translation>Das RTT-p95 von %1 ist %2 höher</translation>
    </message>
    <message>
        <source>%1&apos;s RTT p95 is %2 lower</source>
        <translation>Das RTT-p95 von %1 ist %2 niedriger</translation>
    </message>
    <message>
        <source>%1 has %2 more retransmissions</source>
        <translation>%1 hat %2 mehr Neuübertragungen</translation>
    </message>
    <message>
        <source>%1 has %2 fewer retransmissions</source>
        <translation>%1 hat %2 weniger Neuübertragungen</translation>
    </message>
    <message>
        <source>Throughput (%1)</source>
        <translation>Durchsatz (%1)</translation>
    </message>
    <message>
        <source>RTT median (ms)</source>
        <translation>RTT-Median (ms)</translation>
    </message>
    <message>
        <source>RTT p95 (ms)</source>
        <translation>RTT p95 (ms)</translation>
    </message>
    <message>
        <source>Retransmissions</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>no test: each side needs two runs, or a run with a series of values</source>
        <translation>kein Test: jede Seite braucht zwei Läufe oder einen Lauf mit einer Werteserie</translation>
    </message>
    <message>
        <source>no difference: every run on both sides measured the same</source>
        <translation>kein Unterschied: jeder Lauf beider Seiten hat dasselbe gemessen</translation>
    </message>
    <message>
        <source>%1, 95 % CI %2, significant</source>
        <translation>%1, 95-%-KI %2, signifikant</translation>
    </message>
    <message>
        <source>no significant difference once the metrics shown are tested together (%1, Holm-corrected p = %2)</source>
        <translation>kein signifikanter Unterschied, wenn die gezeigten Kennzahlen zusammen getestet werden (%1, Holm-korrigiertes p = %2)</translation>
    </message>
    <message>
        <source>no significant difference: the intervals overlap (%1, 95 % CI %2)</source>
        <translation>kein signifikanter Unterschied: die Intervalle überlappen sich (%1, 95-%-KI %2)</translation>
    </message>
    <message>
        <source>Welch&apos;s t-test over %1 + %2 runs, p = %3, Holm-corrected p = %4</source>
        <translation>Welch-t-Test über %1 + %2 Läufe, p = %3, Holm-korrigiertes p = %4</translation>
    </message>
    <message>
        <source>Moving-block bootstrap of each run&apos;s series, p = %1, Holm-corrected p = %2</source>
        <translation>Moving-Block-Bootstrap der Serie jedes Laufs, p = %1, Holm-korrigiertes p = %2</translation>
    </message>
    <message>
        <source>No test: a side without two runs and without a series.</source>
        <translation>Kein Test: eine Seite ohne zwei Läufe und ohne Serie.</translation>
    </message>
</context>
<context>
    <name>MeanIntervalText</name>
    <message>
        <source>%1 (–, 1 run)</source>
        <translation>%1 (–, 1 Lauf)</translation>
    </message>
    <message>
        <source>1 run: no spread was measured, so there is no interval. Repeat the point to get one.</source>
        <translation>1 Lauf: Es wurde keine Streuung gemessen, daher gibt es kein Intervall. Wiederholen Sie den Punkt, um eines zu erhalten.</translation>
    </message>
    <message>
        <source>Mean of %1 runs and its 95 % confidence interval.</source>
        <translation>Mittel aus %1 Läufen und sein 95-%-Konfidenzintervall.</translation>
    </message>
</context>
<context>
    <name>PointResult</name>
    <message>
        <source>not settled: %1 of %2 runs</source>
        <translation>nicht eingeschwungen: %1 von %2 Läufen</translation>
    </message>
    <message>
        <source>no runs</source>
        <translation>keine Läufe</translation>
    </message>
    <message>
        <source>collapse: %1 of %2 runs</source>
        <translation>Einbruch: %1 von %2 Läufen</translation>
    </message>
    <message>
        <source>high variance (CV %1 %)</source>
        <translation>hohe Schwankung (VK %1 %)</translation>
    </message>
    <message>
        <source>FAILED: %1 of %2 runs</source>
        <translation>FEHLGESCHLAGEN: %1 von %2 Läufen</translation>
    </message>
    <message>
        <source>cancelled: %1 of %2 runs</source>
        <translation>abgebrochen: %1 von %2 Läufen</translation>
    </message>
    <message>
        <source>incomplete: %1 of %2 runs</source>
        <translation>unvollständig: %1 von %2 Läufen</translation>
    </message>
    <message>
        <source>%1 (%2 of %3 runs)</source>
        <translation>%1 (%2 von %3 Läufen)</translation>
    </message>
    <message>
        <source>± %1 %</source>
        <translation>± %1 %</translation>
    </message>
    <message>
        <source>no interval</source>
        <translation>kein Intervall</translation>
    </message>
    <message>
        <source>not within %1 % after %2 runs (%3)</source>
        <translation>nicht innerhalb %1 % nach %2 Läufen (%3)</translation>
    </message>
</context>
<context>
    <name>PresetLibrary</name>
    <message>
        <source>There is no spec file or preset called &apos;%1&apos;. Give a path to a JSON spec or one of the presets: %2.</source>
        <translation>Es gibt keine Spezifikationsdatei und keine Vorlage namens &apos;%1&apos;. Geben Sie den Pfad einer JSON-Spezifikation oder eine der Vorlagen an: %2.</translation>
    </message>
    <message>
        <source>Cannot read the spec %1: %2.</source>
        <translation>Die Spezifikation %1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>The spec %1 is larger than 1 MiB; a spec is a small JSON file.</source>
        <translation>Die Spezifikation %1 ist größer als 1 MiB; eine Spezifikation ist eine kleine JSON-Datei.</translation>
    </message>
</context>
<context>
    <name>PresetNote</name>
    <message>
        <source>The lab shapes the client&apos;s own egress so that a small write can find an earlier packet of the flow still queued, and autocorking does engage here: measured in the lab, TcpExtTCPAutoCorking counted 76 held writes in a 1 s run with it on (the verdict shows the counter). What a veth pair lacks is a NIC&apos;s TX-completion delay: it frees a packet as soon as it is handed over, so the long waits behind which story 1&apos;s writes were corked do not happen and the two arms differ far less than 4 s against 2 min. Run this preset against a real host (&quot;target&quot;) to see the full effect. On a real NIC that delay is the driver&apos;s TX completion, which its knobs set: link.DEV.tx-usecs and link.DEV.tx-frames (ethtool -C) and the byte queue limit link.DEV.bql_limit_max; sweeping them at the sender reproduces story 1 (veth has none of them and refuses them).</source>
        <translation>Das Labor formt den Ausgang des Clients selbst, so dass ein kleiner Schreibvorgang ein früheres Paket des Flusses noch in der Warteschlange vorfinden kann, und Autocorking greift hier: im Labor gemessen zählte TcpExtTCPAutoCorking in einem Lauf von 1 s mit Autocorking an 76 zurückgehaltene Schreibvorgänge (der Befund zeigt den Zähler). Was einem veth-Paar fehlt, ist die Verzögerung der TX-Completion einer Netzwerkkarte: es gibt ein Paket frei, sobald es übergeben ist, also gibt es die langen Wartezeiten, hinter denen die Schreibvorgänge von Szenario 1 zurückgehalten wurden, nicht, und die beiden Arme unterscheiden sich weit weniger als 4 s gegen 2 min. Führen Sie diese Vorlage gegen einen echten Host aus („target“), um die volle Wirkung zu sehen. Auf einer echten Netzwerkkarte ist diese Verzögerung der TX-Abschluss des Treibers, den dessen Parameter einstellen: link.DEV.tx-usecs und link.DEV.tx-frames (ethtool -C) und das Byte-Queue-Limit link.DEV.bql_limit_max; ein Durchlauf über sie beim Sender stellt Geschichte 1 nach (veth hat keinen davon und lehnt sie ab).</translation>
    </message>
    <message>
        <source>The lab reproduces the buffer mechanics (the fixed arm&apos;s SO_SNDBUF/SO_RCVBUF and the autotuned arm&apos;s growth show in sndbuf_actual and rcvbuf_actual), not the NFS server&apos;s NIC, disks and 8 nfsd threads behind story 2&apos;s spread: in the lab the run-to-run spread comes from the machine&apos;s load. Compare the spread against a real host (&quot;target&quot;).</source>
        <translation>Das Labor bildet die Puffermechanik nach (SO_SNDBUF/SO_RCVBUF des festen Arms und das Wachstum des automatisch angepassten Arms zeigen sich in sndbuf_actual und rcvbuf_actual), nicht aber Netzwerkkarte, Platten und 8 nfsd-Threads des NFS-Servers hinter der Streuung von Szenario 2: im Labor kommt die Streuung von Lauf zu Lauf von der Last der Maschine. Vergleichen Sie die Streuung gegen einen echten Host („target“).</translation>
    </message>
    <message>
        <source>TCP Small Queues holds a flow back until the NIC reports a packet sent (TX completion); a veth pair frees a packet as soon as it is handed over, so the limit rarely binds in the lab: measured there (3 runs per value), 16 KiB to 4 MiB gave 9.6 to 10.9 Gbit/s and no run collapsed. Run this preset against a real host (&quot;target&quot;) whose NIC coalesces TX completions to see story 3&apos;s effect. Its second axis turns TSO and GSO off together on the client&apos;s veth (link.tcpt-c0.tso and gso): measured in the lab (1 run per point), 6.1 to 7.7 Gbit/s with them on and 2.2 to 4.8 Gbit/s with them off, every segment then passing the stack alone. Against a real host, name its device instead of tcpt-c0.</source>
        <translation>TCP Small Queues hält einen Fluss zurück, bis die Netzwerkkarte ein Paket als gesendet meldet (TX-Completion); ein veth-Paar gibt ein Paket frei, sobald es übergeben ist, daher greift die Grenze im Labor selten: dort gemessen (3 Läufe je Wert) ergaben 16 KiB bis 4 MiB 9,6 bis 10,9 Gbit/s, und kein Lauf brach ein. Führen Sie diese Vorlage gegen einen echten Host aus („target“), dessen Netzwerkkarte TX-Completions zusammenfasst, um die Wirkung von Szenario 3 zu sehen. Die zweite Achse schaltet TSO und GSO zusammen auf dem veth des Clients ab (link.tcpt-c0.tso und gso): im Labor gemessen (1 Lauf je Punkt) 6,1 bis 7,7 Gbit/s mit ihnen und 2,2 bis 4,8 Gbit/s ohne sie, da dann jedes Segment einzeln durch den Stack geht. Gegen einen echten Host nennen Sie statt tcpt-c0 dessen Gerät.</translation>
    </message>
    <message>
        <source>Story 4&apos;s collapse came from TCP Small Queues waiting on HiperSockets&apos; TX completions with large frames; a veth pair completes a packet at once, so the lab does not collapse: measured there (3 runs per point), every MTU (1500, 9000, 32000 B) and limit gave 8.3 to 13.2 Gbit/s and no run collapsed. Run this preset against a real host (&quot;target&quot;) to see it. The last combination turns TSO and GSO off on the client&apos;s veth (link.tcpt-c0.tso and gso) at 128 KiB: measured there (1 run per point), 2.6 Gbit/s at MTU 1500, 5.3 at 9000 and 8.1 at 32000 against 5.1 to 7.2 Gbit/s with them on; without offloads the MTU sets how many segments the stack handles. Against a real host, name its device instead of tcpt-c0.</source>
        <translation>Der Einbruch in Szenario 4 kam von TCP Small Queues, das mit großen Rahmen auf die TX-Completions von HiperSockets wartete; ein veth-Paar schließt ein Paket sofort ab, daher bricht im Labor nichts ein: dort gemessen (3 Läufe je Punkt) ergaben alle MTUs (1500, 9000, 32000 B) und Grenzen 8,3 bis 13,2 Gbit/s, und kein Lauf brach ein. Führen Sie diese Vorlage gegen einen echten Host aus („target“), um ihn zu sehen. Die letzte Kombination schaltet TSO und GSO auf dem veth des Clients ab (link.tcpt-c0.tso und gso), bei 128 KiB: dort gemessen (1 Lauf je Punkt) 2,6 Gbit/s bei MTU 1500, 5,3 bei 9000 und 8,1 bei 32000 gegen 5,1 bis 7,2 Gbit/s mit ihnen; ohne Offloads bestimmt die MTU, wie viele Segmente der Stack bearbeitet. Gegen einen echten Host nennen Sie statt tcpt-c0 dessen Gerät.</translation>
    </message>
    <message>
        <source>The lab reproduces the mechanism at the far sender: measured in the lab (8 s runs, settled figures: each run&apos;s start-up phase left out), 40 to 48 Mbit/s at every window and a settled RTT median of 19.8 ms at 64 KiB, 37 ms at 128 KiB, 68 ms at 256 KiB, 97 ms at 384 KiB, 129 ms at 512 KiB and 250 to 264 ms from 1 to 4 MiB; from 1 MiB on cubic fills the 2 MiB bottleneck queue for about 4 s, so a shorter run ends before its RTT settles and says so. Up to 1 MiB the send buffer holds the window and the flow still fills the 50 Mbit/s path; from 2 MiB on congestion control sets the pace (the verdict and the queue series show both). mvneta&apos;s collapse to 3 MB/s after a few seconds was the driver&apos;s and is not reproduced. On a real NIC the driver&apos;s part is set by its TX-completion knobs: link.DEV.tx-usecs (mvneta&apos;s 10 ms timer is tx-usecs 10000), link.DEV.tx-frames and the byte queue limit link.DEV.bql_limit_max at the sender (veth has none of them and refuses them).</source>
        <translation>Das Labor bildet den Mechanismus am fernen Sender nach: im Labor gemessen (Läufe von 8 s, eingeschwungene Werte: die Anlaufphase jedes Laufs ausgelassen) 40 bis 48 Mbit/s bei jedem Fenster und ein eingeschwungener RTT-Median von 19,8 ms bei 64 KiB, 37 ms bei 128 KiB, 68 ms bei 256 KiB, 97 ms bei 384 KiB, 129 ms bei 512 KiB und 250 bis 264 ms von 1 bis 4 MiB; ab 1 MiB füllt cubic die 2-MiB-Warteschlange am Engpass etwa 4 s lang, ein kürzerer Lauf endet also, bevor seine RTT eingeschwungen ist, und sagt das. Bis 1 MiB hält der Sendepuffer das Fenster, und der Fluss füllt trotzdem den 50-Mbit/s-Pfad; ab 2 MiB gibt die Staukontrolle das Tempo vor (das Urteil und die Warteschlangen-Reihe zeigen beides). Der Einbruch von mvneta auf 3 MB/s nach einigen Sekunden kam vom Treiber und wird nicht nachgebildet. Auf einer echten Netzwerkkarte stellen die TX-Abschluss-Parameter des Treibers dessen Anteil ein: link.DEV.tx-usecs (der 10-ms-Timer von mvneta ist tx-usecs 10000), link.DEV.tx-frames und das Byte-Queue-Limit link.DEV.bql_limit_max beim Sender (veth hat keinen davon und lehnt sie ab).</translation>
    </message>
</context>
<context>
    <name>PrivateDirectory</name>
    <message>
        <source>&apos;%1&apos; is not a folder name below %2.</source>
        <translation>&apos;%1&apos; ist kein Ordnername unterhalb von %2.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1: %2.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden: %2.</translation>
    </message>
    <message>
        <source>%1 is not a folder (or a symbolic link); remove it so tcptune can keep its private files there.</source>
        <translation>%1 ist kein Ordner (oder ein symbolischer Link); entfernen Sie ihn, damit tcptune dort seine privaten Dateien ablegen kann.</translation>
    </message>
    <message>
        <source>%1 belongs to another user; remove it so tcptune can keep its private files there.</source>
        <translation>%1 gehört einem anderen Benutzer; entfernen Sie ihn, damit tcptune dort seine privaten Dateien ablegen kann.</translation>
    </message>
    <message>
        <source>%1 is writable by other users (mode %2), so files in it cannot be trusted; remove it (tcptune creates it again, private to its owner).</source>
        <translation>%1 ist für andere Benutzer beschreibbar (Modus %2), Dateien darin sind also nicht vertrauenswürdig; entfernen Sie ihn (tcptune legt ihn neu an, nur für seinen Besitzer).</translation>
    </message>
    <message>
        <source>Cannot make %1 private: %2.</source>
        <translation>%1 kann nicht privat gemacht werden: %2.</translation>
    </message>
</context>
<context>
    <name>Process</name>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>%1 kann nicht gestartet werden: %2</translation>
    </message>
    <message>
        <source>Cannot create a pipe for %1: %2</source>
        <translation>Für %1 kann keine Pipe angelegt werden: %2</translation>
    </message>
    <message>
        <source>%1 did not finish within %2 s and was stopped.</source>
        <translation>%1 war nach %2 s nicht fertig und wurde beendet.</translation>
    </message>
    <message>
        <source>Cannot run %1: it is not in PATH.</source>
        <translation>%1 kann nicht ausgeführt werden: es ist nicht im PATH.</translation>
    </message>
    <message>
        <source>Lost track of %1: %2</source>
        <translation>%1 ist nicht mehr verfolgbar: %2</translation>
    </message>
    <message>
        <source>Cannot create a socket pair for %1: %2</source>
        <translation>Für %1 kann kein Socket-Paar angelegt werden: %2</translation>
    </message>
</context>
<context>
    <name>QdiscSettings</name>
    <message>
        <source>%1 %2 is given twice.</source>
        <translation>%1 %2 ist zweimal angegeben.</translation>
    </message>
    <message>
        <source>%1 %2 needs a value: %3. The form is: %4.</source>
        <translation>%1 %2 braucht einen Wert: %3. Die Form ist: %4.</translation>
    </message>
    <message>
        <source>%1 %2: &apos;%3&apos; is not %4 from %5 to %6. The form is: %7.</source>
        <translation>%1 %2: &apos;%3&apos; ist nicht %4 von %5 bis %6. Die Form ist: %7.</translation>
    </message>
    <message>
        <source>%1 has no parameter &apos;%2&apos;. The form is: %3.</source>
        <translation>%1 hat keinen Parameter &apos;%2&apos;. Die Form ist: %3.</translation>
    </message>
    <message>
        <source>&apos;default&apos; takes at most the kind the kernel attaches, as in &apos;default noqueue&apos;; it deletes the root qdisc set by hand.</source>
        <translation>&apos;default&apos; nimmt höchstens die Art, die der Kernel anhängt, wie in &apos;default noqueue&apos;; es löscht die von Hand gesetzte Wurzel-Qdisc.</translation>
    </message>
    <message>
        <source>No qdisc given; give one of %1, or &apos;default&apos;.</source>
        <translation>Keine Qdisc angegeben; geben Sie eine von %1 an, oder &apos;default&apos;.</translation>
    </message>
    <message>
        <source>a rate with its unit such as 50mbit or 1gbit</source>
        <translation>eine Rate mit Einheit wie 50mbit oder 1gbit</translation>
    </message>
    <message>
        <source>a size such as 1514, 32kb or 1mb</source>
        <translation>eine Größe wie 1514, 32kb oder 1mb</translation>
    </message>
    <message>
        <source>a time such as 50ms or 500us</source>
        <translation>eine Zeit wie 50ms oder 500us</translation>
    </message>
    <message>
        <source>a whole number such as 1000</source>
        <translation>eine ganze Zahl wie 1000</translation>
    </message>
    <message>
        <source>cake takes bandwidth or unlimited, not both.</source>
        <translation>cake nimmt bandwidth oder unlimited, nicht beides.</translation>
    </message>
    <message>
        <source>fq_codel takes ecn or noecn, not both.</source>
        <translation>fq_codel nimmt ecn oder noecn, nicht beides.</translation>
    </message>
    <message>
        <source>tbf latency %1 at this rate makes a queue above 4 GiB; give a shorter latency.</source>
        <translation>tbf latency %1 ergibt bei dieser Rate eine Warteschlange über 4 GiB; geben Sie eine kürzere Latenz an.</translation>
    </message>
    <message>
        <source>tbf needs a rate and a burst. The form is: %1.</source>
        <translation>tbf braucht eine Rate und einen Burst. Die Form ist: %1.</translation>
    </message>
    <message>
        <source>tbf takes exactly one of latency and limit. The form is: %1.</source>
        <translation>tbf nimmt genau eines von latency und limit. Die Form ist: %1.</translation>
    </message>
    <message>
        <source>tcptune does not set the qdisc &apos;%1&apos;; give one of %2 (e.g. &apos;pfifo limit 1000&apos; or &apos;tbf rate 50mbit burst 32kb latency 50ms&apos;), or &apos;default&apos; for the kernel&apos;s own.</source>
        <translation>tcptune setzt die Qdisc &apos;%1&apos; nicht; geben Sie eine von %2 an (z. B. &apos;pfifo limit 1000&apos; oder &apos;tbf rate 50mbit burst 32kb latency 50ms&apos;), oder &apos;default&apos; für die des Kernels.</translation>
    </message>
</context>
<context>
    <name>QdiscStatsReader</name>
    <message>
        <source>The kernel&apos;s qdisc message is too short (%1 bytes).</source>
        <translation>Die qdisc-Nachricht des Kernels ist zu kurz (%1 Bytes).</translation>
    </message>
    <message>
        <source>The kernel answered with netlink message type %1 instead of a qdisc.</source>
        <translation>Der Kernel antwortete mit dem Netlink-Nachrichtentyp %1 statt mit einer qdisc.</translation>
    </message>
    <message>
        <source>Cannot open a netlink socket to read qdisc statistics: %1.</source>
        <translation>Es lässt sich kein Netlink-Socket zum Lesen der qdisc-Statistik öffnen: %1.</translation>
    </message>
    <message>
        <source>There is no interface %1 in %2; is the lab up?</source>
        <translation>In %2 gibt es keine Schnittstelle %1; läuft das Labor?</translation>
    </message>
    <message>
        <source>this namespace</source>
        <translation>diesem Namensraum</translation>
    </message>
    <message>
        <source>Cannot ask the kernel for the qdisc of %1: %2.</source>
        <translation>Der Kernel kann nicht nach der qdisc von %1 gefragt werden: %2.</translation>
    </message>
    <message>
        <source>The kernel did not answer for the qdisc of %1: %2.</source>
        <translation>Der Kernel gab keine Antwort zur qdisc von %1: %2.</translation>
    </message>
    <message>
        <source>The kernel&apos;s error answer for %1 is too short.</source>
        <translation>Die Fehlerantwort des Kernels zu %1 ist zu kurz.</translation>
    </message>
    <message>
        <source>The kernel refused to show the qdisc of %1: %2.</source>
        <translation>Der Kernel verweigerte die Anzeige der qdisc von %1: %2.</translation>
    </message>
    <message>
        <source>The kernel&apos;s answers for the qdisc of %1 did not include it.</source>
        <translation>Die Antworten des Kernels zur qdisc von %1 enthielten sie nicht.</translation>
    </message>
</context>
<context>
    <name>ReportBuilder</name>
    <message>
        <source>The experiment is %1, not finished%2: the table shows only the runs that ended.</source>
        <translation>Das Experiment ist %1, nicht beendet%2: die Tabelle zeigt nur die beendeten Läufe.</translation>
    </message>
    <message>
        <source>Run %1 (%2, repeat %3) FAILED: %4</source>
        <translation>Lauf %1 (%2, Wiederholung %3) FEHLGESCHLAGEN: %4</translation>
    </message>
    <message>
        <source>no error was recorded</source>
        <translation>kein Fehler aufgezeichnet</translation>
    </message>
    <message>
        <source>%1: throughput collapsed mid-run in %2 of %3 runs (last third below half of the first).</source>
        <translation>%1: Durchsatz brach in %2 von %3 Läufen mitten im Lauf ein (letztes Drittel unter der Hälfte des ersten).</translation>
    </message>
    <message>
        <source>%1: high run-to-run variance (coefficient of variation %2 %).</source>
        <translation>%1: hohe Schwankung zwischen den Läufen (Variationskoeffizient %2 %).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a result id. Use an experiment id (e.g. 12) or a run id as run:34; `tcptune results list` shows them.</source>
        <translation>&apos;%1&apos; ist keine Ergebnis-ID. Verwenden Sie eine Experiment-ID (z. B. 12) oder eine Lauf-ID als run:34; `tcptune results list` zeigt sie.</translation>
    </message>
    <message>
        <source>, run %1</source>
        <translation>, Lauf %1</translation>
    </message>
    <message>
        <source>The stored spec no longer parses (%1); it is shown as stored.</source>
        <translation>Die gespeicherte Spezifikation lässt sich nicht mehr lesen (%1); sie wird wie gespeichert gezeigt.</translation>
    </message>
    <message>
        <source>experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Off the kernel&apos;s default before the first run, though the experiment did not set them: %1. The spec under &quot;Run it again&quot; sets them, so that a rerun starts alike.</source>
        <translation>Vor dem ersten Lauf abweichend von der Kernel-Vorgabe, obwohl das Experiment sie nicht setzte: %1. Die Spezifikation unter „Erneut ausführen“ setzt sie, damit ein neuer Lauf gleich beginnt.</translation>
    </message>
</context>
<context>
    <name>ReportChartRenderer</name>
    <message>
        <source>Throughput (mean, 95 % CI) and RTT median by %1</source>
        <translation>Durchsatz (Mittel, 95-%-KI) und RTT-Median nach %1</translation>
    </message>
    <message>
        <source>Throughput and RTT over time (first finished run of each point)</source>
        <translation>Durchsatz und RTT über die Zeit (erster beendeter Lauf jedes Punkts)</translation>
    </message>
    <message>
        <source>This result has no &apos;%1&apos; chart; it has: %2.</source>
        <translation>Dieses Ergebnis hat kein Diagramm &apos;%1&apos;; es hat: %2.</translation>
    </message>
    <message>
        <source>none (no samples, one point)</source>
        <translation>keins (keine Messwerte, ein Punkt)</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>What held the sender back, run by run</source>
        <translation>Was den Sender bremste, Lauf für Lauf</translation>
    </message>
    <message>
        <source>Time-sequence graph of the main flow of %1</source>
        <translation>Zeit-Sequenz-Graph des Hauptflusses von %1</translation>
    </message>
    <message>
        <source>Latency under load of %1: UDP round trips idle against loaded (CDF)</source>
        <translation>Latenz unter Last von %1: UDP-Umlaufzeiten im Leerlauf gegen unter Last (Verteilungsfunktion)</translation>
    </message>
    <message>
        <source>Latency under load of %1: round trips and throughput over the run</source>
        <translation>Latenz unter Last von %1: Umlaufzeiten und Durchsatz über den Lauf</translation>
    </message>
</context>
<context>
    <name>ReportCommand</name>
    <message>
        <source>Writes a report of a stored sweep or run: host, kernel, NIC and qdisc, the knobs of both ends, the spec,
the result table (mean ± sd, RTT), charts, every run, flags and failures, and the command that reruns it.
ID is an experiment id (as &apos;tcptune results list&apos; shows) or run:ID for one run.
Several formats at once: --format html,pdf --out DIR/report writes DIR/report.html and DIR/report.pdf.</source>
        <translation>Schreibt einen Bericht eines gespeicherten Durchlaufs oder Laufs: Host, Kernel, Netzwerkkarte und Qdisc, die Parameter beider Enden, die Spezifikation,
die Ergebnistabelle (Mittel ± Stdabw., RTT), Diagramme, jeden Lauf, Markierungen und Fehler sowie den Befehl, der ihn wiederholt.
ID ist eine Experiment-ID (wie &apos;tcptune results list&apos; sie zeigt) oder run:ID für einen Lauf.
Mehrere Formate auf einmal: --format html,pdf --out ORDNER/report schreibt ORDNER/report.html und ORDNER/report.pdf.</translation>
    </message>
    <message>
        <source>Write a report.</source>
        <translation>Einen Bericht schreiben.</translation>
    </message>
    <message>
        <source>Experiment id, or run:ID.</source>
        <translation>Experiment-ID oder run:ID.</translation>
    </message>
    <message>
        <source>html, pdf, md, csv or json; a comma list for several (default: from --out).</source>
        <translation>html, pdf, md, csv oder json; eine Kommaliste für mehrere (Standard: aus --out).</translation>
    </message>
    <message>
        <source>The file to write (a stem for several formats).</source>
        <translation>Die zu schreibende Datei (ein Stamm bei mehreren Formaten).</translation>
    </message>
    <message>
        <source>Give one experiment id (or run:ID); &apos;tcptune results list&apos; shows them.</source>
        <translation>Geben Sie eine Experiment-ID (oder run:ID) an; &apos;tcptune results list&apos; zeigt sie.</translation>
    </message>
    <message>
        <source>--out FILE is missing: say where to write the report, e.g. --out report.html.</source>
        <translation>--out DATEI fehlt: sagen Sie, wohin der Bericht geschrieben wird, z. B. --out report.html.</translation>
    </message>
    <message>
        <source>Give --format or an --out file with that extension.</source>
        <translation>Geben Sie --format oder eine --out-Datei mit dieser Endung an.</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
    <message>
        <source>note: %1 of %2 runs of this experiment failed; the report lists them and their errors.</source>
        <translation>Hinweis: %1 von %2 Läufen dieses Experiments schlugen fehl; der Bericht listet sie mit ihren Fehlern auf.</translation>
    </message>
</context>
<context>
    <name>ReportExporter</name>
    <message>
        <source>Unknown report format &apos;%1&apos;; use one of %2.</source>
        <translation>Unbekanntes Berichtsformat &apos;%1&apos;; verwenden Sie eines von %2.</translation>
    </message>
</context>
<context>
    <name>ReportFile</name>
    <message>
        <source>Cannot create the folder %1; choose another --out.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden; wählen Sie ein anderes --out.</translation>
    </message>
    <message>
        <source>Cannot write %1 (%2); check the path and free space.</source>
        <translation>%1 kann nicht geschrieben werden (%2); prüfen Sie den Pfad und den freien Platz.</translation>
    </message>
</context>
<context>
    <name>ReportTables</name>
    <message>
        <source>Flags and failures</source>
        <translation>Markierungen und Fehler</translation>
    </message>
    <message>
        <source>FAILED runs: %1 of %2. Their errors are listed below and in the table of every run.</source>
        <translation>FEHLGESCHLAGENE Läufe: %1 von %2. Ihre Fehler stehen unten und in der Tabelle aller Läufe.</translation>
    </message>
    <message>
        <source>No run failed.</source>
        <translation>Kein Lauf schlug fehl.</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Every run</source>
        <translation>Jeder Lauf</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Knobs of both ends</source>
        <translation>Parameter beider Enden</translation>
    </message>
    <message>
        <source>Experiment spec</source>
        <translation>Experiment-Spezifikation</translation>
    </message>
    <message>
        <source>Run it again</source>
        <translation>Erneut ausführen</translation>
    </message>
    <message>
        <source>Save the spec below as the file named in the command, then run:</source>
        <translation>Speichern Sie die Spezifikation unten unter dem im Befehl genannten Dateinamen und führen Sie dann aus:</translation>
    </message>
    <message>
        <source>Report written</source>
        <translation>Bericht geschrieben</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>Experiment</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>NICs with a driver</source>
        <translation>Netzwerkkarten mit Treiber</translation>
    </message>
    <message>
        <source>none (only virtual interfaces)</source>
        <translation>keine (nur virtuelle Schnittstellen)</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>%1, %2 failed</source>
        <translation>%1, %2 fehlgeschlagen</translation>
    </message>
    <message>
        <source>throughput %1 (mean ± sd)</source>
        <translation>Durchsatz %1 (Mittel ± Stdabw.)</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>min .. max %1</source>
        <translation>min. .. max. %1</translation>
    </message>
    <message>
        <source>RTT median ms</source>
        <translation>RTT-Median ms</translation>
    </message>
    <message>
        <source>RTT p95 ms</source>
        <translation>RTT p95 ms</translation>
    </message>
    <message>
        <source>flags</source>
        <translation>Markierungen</translation>
    </message>
    <message>
        <source>no result</source>
        <translation>kein Ergebnis</translation>
    </message>
    <message>
        <source>run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>point</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <source>repeat</source>
        <translation>Wiederholung</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>throughput %1</source>
        <translation>Durchsatz %1</translation>
    </message>
    <message>
        <source>retrans.</source>
        <translation>Neuübertr.</translation>
    </message>
    <message>
        <source>note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>collapsed mid-run</source>
        <translation>mitten im Lauf eingebrochen</translation>
    </message>
    <message>
        <source>Network interfaces</source>
        <translation>Netzwerkschnittstellen</translation>
    </message>
    <message>
        <source>interface</source>
        <translation>Schnittstelle</translation>
    </message>
    <message>
        <source>driver</source>
        <translation>Treiber</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <source>state</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>root qdisc</source>
        <translation>Wurzel-Qdisc</translation>
    </message>
    <message>
        <source>Knobs (both ends, before the first run)</source>
        <translation>Parameter (beide Enden, vor dem ersten Lauf)</translation>
    </message>
    <message>
        <source>knob</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>local before</source>
        <translation>lokal vorher</translation>
    </message>
    <message>
        <source>remote before</source>
        <translation>fern vorher</translation>
    </message>
    <message>
        <source>set by the experiment</source>
        <translation>vom Experiment gesetzt</translation>
    </message>
    <message>
        <source>swept: %1</source>
        <translation>durchlaufen: %1</translation>
    </message>
    <message>
        <source>Why: limiters, queue and counters</source>
        <translation>Warum: Begrenzer, Warteschlange und Zähler</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>busy %</source>
        <translation>beschäftigt %</translation>
    </message>
    <message>
        <source>rwnd-lim. %</source>
        <translation>rwnd-begr. %</translation>
    </message>
    <message>
        <source>sndbuf-lim. %</source>
        <translation>sndbuf-begr. %</translation>
    </message>
    <message>
        <source>cwnd-lim. %</source>
        <translation>cwnd-begr. %</translation>
    </message>
    <message>
        <source>app-lim. %</source>
        <translation>anw.-begr. %</translation>
    </message>
    <message>
        <source>queue avg KB</source>
        <translation>Warteschl. Mittel KB</translation>
    </message>
    <message>
        <source>queue +ms</source>
        <translation>Warteschl. +ms</translation>
    </message>
    <message>
        <source>drops</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>autocorked</source>
        <translation>Autocorking</translation>
    </message>
    <message>
        <source>far end: %1</source>
        <translation>Gegenstelle: %1</translation>
    </message>
    <message>
        <source>this end: %1</source>
        <translation>dieses Ende: %1</translation>
    </message>
    <message>
        <source>Shares of the sender&apos;s time from its TCP_INFO (busy, receive-window, send-buffer and congestion-window limited, application-limited), the bottleneck&apos;s average queue and the RTT it adds, its drops, and the sender&apos;s MIB counters over the run (the sender column says which end sent: with direction down the far end). The send-buffer column is the share the verdict names: for a bulk writer the larger of the kernel&apos;s send-buffer limited and application-limited time, since a writer that always has data and finds its send buffer empty waited on that buffer (app-lim. shows the kernel&apos;s own figure). docs/diagnosis.md lists the rules behind each verdict.</source>
        <translation>Anteile der Zeit des Senders aus seinem TCP_INFO (beschäftigt, begrenzt durch Empfangsfenster, Sendepuffer und Überlastfenster, anwendungsbegrenzt), die mittlere Warteschlange des Engpasses und die RTT, die sie hinzufügt, seine Verwerfungen und die MIB-Zähler des Senders über den Lauf (die Spalte Sender sagt, welches Ende gesendet hat: mit Richtung down die Gegenstelle). Die Sendepuffer-Spalte ist der Anteil, den der Befund nennt: bei einem Bulk-Schreiber der größere von der Zeit, die der Kernel als sendepuffer- und als anwendungsbegrenzt zählt, denn ein Schreiber, der immer Daten hat und seinen Sendepuffer leer findet, wartete auf diesen Puffer (anw.-begr. zeigt die Zahl des Kernels). docs/diagnosis.md listet die Regeln hinter jedem Befund.</translation>
    </message>
    <message>
        <source>sender</source>
        <translation>Sender</translation>
    </message>
    <message>
        <source>up %1 / down %2 %3</source>
        <translation>Upload %1 / Download %2 %3</translation>
    </message>
    <message>
        <source>95 % CI %1</source>
        <translation>95-%-KI %1</translation>
    </message>
    <message>
        <source>p vs first</source>
        <translation>p ggü. erstem</translation>
    </message>
    <message>
        <source>%1 ± – (1 run)</source>
        <translation>%1 ± – (1 Lauf)</translation>
    </message>
    <message>
        <source>Captures</source>
        <translation>Mitschnitte</translation>
    </message>
    <message>
        <source>The packets of these runs were captured to the files below; &apos;tcptune analyze FILE&apos; or Wireshark opens each.</source>
        <translation>Die Pakete dieser Läufe wurden in die folgenden Dateien mitgeschnitten; &apos;tcptune analyze DATEI&apos; oder Wireshark öffnet jede.</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>packets</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>Latency under load</source>
        <translation>Latenz unter Last</translation>
    </message>
    <message>
        <source>The UDP echo&apos;s round trips while the link was idle and while the streams loaded it both ways; the increase is the loaded median over the idle one, the loss that of the probes sent under load.</source>
        <translation>Die Umlaufzeiten des UDP-Echos, während die Strecke ruhte und während die Ströme sie in beide Richtungen belasteten; der Anstieg ist der Median unter Last über dem im Leerlauf, der Verlust der der unter Last gesendeten Proben.</translation>
    </message>
    <message>
        <source>idle median ms</source>
        <translation>Median Leerlauf ms</translation>
    </message>
    <message>
        <source>loaded median ms</source>
        <translation>Median unter Last ms</translation>
    </message>
    <message>
        <source>loaded p95 ms</source>
        <translation>p95 unter Last ms</translation>
    </message>
    <message>
        <source>loaded p99 ms</source>
        <translation>p99 unter Last ms</translation>
    </message>
    <message>
        <source>increase ms</source>
        <translation>Anstieg ms</translation>
    </message>
    <message>
        <source>probes lost</source>
        <translation>Proben verloren</translation>
    </message>
    <message>
        <source>up Mbit/s</source>
        <translation>Upload Mbit/s</translation>
    </message>
    <message>
        <source>down Mbit/s</source>
        <translation>Download Mbit/s</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>ResultStore</name>
    <message>
        <source>The result store could not %1: %2. Check that the disk is not full and the file is writable.</source>
        <translation>Der Ergebnisspeicher konnte nicht %1: %2. Prüfen Sie, ob die Platte voll ist und die Datei beschreibbar ist.</translation>
    </message>
    <message>
        <source>run &quot;%1&quot;</source>
        <translation>Lauf &quot;%1&quot;</translation>
    </message>
    <message>
        <source>The result store is already open.</source>
        <translation>Der Ergebnisspeicher ist bereits geöffnet.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the result store; check its permissions or set TCPTUNE_RESULTS_DB to another file.</source>
        <translation>Der Ordner %1 für den Ergebnisspeicher kann nicht angelegt werden; prüfen Sie seine Rechte oder setzen Sie TCPTUNE_RESULTS_DB auf eine andere Datei.</translation>
    </message>
    <message>
        <source>Cannot open the result store %1: %2. Check the file&apos;s permissions or set TCPTUNE_RESULTS_DB to another file.</source>
        <translation>Der Ergebnisspeicher %1 kann nicht geöffnet werden: %2. Prüfen Sie die Rechte der Datei oder setzen Sie TCPTUNE_RESULTS_DB auf eine andere Datei.</translation>
    </message>
    <message>
        <source>record the schema version</source>
        <translation>die Schemaversion speichern</translation>
    </message>
    <message>
        <source>switch to write-ahead logging</source>
        <translation>auf Write-Ahead-Logging umstellen</translation>
    </message>
    <message>
        <source>record the experiment</source>
        <translation>das Experiment speichern</translation>
    </message>
    <message>
        <source>update the experiment</source>
        <translation>das Experiment aktualisieren</translation>
    </message>
    <message>
        <source>read the experiment</source>
        <translation>das Experiment lesen</translation>
    </message>
    <message>
        <source>There is no experiment %1 in %2; &apos;tcptune results list&apos; shows the stored ones.</source>
        <translation>Es gibt kein Experiment %1 in %2; &apos;tcptune results list&apos; zeigt die gespeicherten.</translation>
    </message>
    <message>
        <source>list the experiments</source>
        <translation>die Experimente auflisten</translation>
    </message>
    <message>
        <source>delete the experiment</source>
        <translation>das Experiment löschen</translation>
    </message>
    <message>
        <source>replace an interrupted run</source>
        <translation>einen unterbrochenen Lauf ersetzen</translation>
    </message>
    <message>
        <source>record the run</source>
        <translation>den Lauf speichern</translation>
    </message>
    <message>
        <source>The result store could not commit the run: %1.</source>
        <translation>Der Ergebnisspeicher konnte den Lauf nicht festschreiben: %1.</translation>
    </message>
    <message>
        <source>store the run&apos;s result</source>
        <translation>das Ergebnis des Laufs speichern</translation>
    </message>
    <message>
        <source>read the runs</source>
        <translation>die Läufe lesen</translation>
    </message>
    <message>
        <source>read the run</source>
        <translation>den Lauf lesen</translation>
    </message>
    <message>
        <source>There is no run %1 in the result store.</source>
        <translation>Es gibt keinen Lauf %1 im Ergebnisspeicher.</translation>
    </message>
    <message>
        <source>read the finished runs</source>
        <translation>die beendeten Läufe lesen</translation>
    </message>
    <message>
        <source>store the samples</source>
        <translation>die Messwerte speichern</translation>
    </message>
    <message>
        <source>read the samples</source>
        <translation>die Messwerte lesen</translation>
    </message>
    <message>
        <source>store the knob snapshot</source>
        <translation>den Parameter-Schnappschuss speichern</translation>
    </message>
    <message>
        <source>read the knob snapshot</source>
        <translation>den Parameter-Schnappschuss lesen</translation>
    </message>
    <message>
        <source>store the capture</source>
        <translation>den Mitschnitt speichern</translation>
    </message>
    <message>
        <source>read the captures</source>
        <translation>die Mitschnitte lesen</translation>
    </message>
    <message>
        <source>replace the run&apos;s end records</source>
        <translation>die Endpunktdaten des Laufs ersetzen</translation>
    </message>
    <message>
        <source>store the run&apos;s end records</source>
        <translation>die Endpunktdaten des Laufs speichern</translation>
    </message>
    <message>
        <source>read the runs&apos; end records</source>
        <translation>die Endpunktdaten der Läufe lesen</translation>
    </message>
    <message>
        <source>read the knob snapshots</source>
        <translation>die Parameter-Schnappschüsse lesen</translation>
    </message>
    <message>
        <source>read the interrupted runs</source>
        <translation>die unterbrochenen Läufe lesen</translation>
    </message>
    <message>
        <source>mark the interrupted runs</source>
        <translation>die unterbrochenen Läufe markieren</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a tag name: start with a letter or &apos;_&apos;, then letters, digits or _ . : / - (at most 100), e.g. &apos;baseline&apos; or &apos;kernel-6.8&apos;.</source>
        <translation>„%1“ ist kein Tag-Name: mit einem Buchstaben oder „_“ beginnen, dann Buchstaben, Ziffern oder _ . : / - (höchstens 100), z. B. „baseline“ oder „kernel-6.8“.</translation>
    </message>
    <message>
        <source>tag the experiment</source>
        <translation>das Experiment zu taggen</translation>
    </message>
    <message>
        <source>read the tags</source>
        <translation>die Tags zu lesen</translation>
    </message>
    <message>
        <source>No experiment in %1 is tagged &apos;%2&apos;; tag one with &apos;tcptune results tag ID %2&apos;, or give an experiment id (&apos;tcptune results list&apos; shows them).</source>
        <translation>Kein Experiment in %1 hat das Tag „%2“; taggen Sie eines mit „tcptune results tag ID %2“ oder geben Sie eine Experiment-ID an („tcptune results list“ zeigt sie).</translation>
    </message>
    <message>
        <source>your login name</source>
        <translation>Ihr Anmeldename</translation>
    </message>
    <message>
        <source>The PostgreSQL server %1 refused the password of %2: put the right one in ~/.pgpass (or the file PGPASSFILE names) as HOST:PORT:%3:%2:PASSWORD, mode 0600.</source>
        <translation>Der PostgreSQL-Server %1 hat das Passwort von %2 abgelehnt: Tragen Sie das richtige in ~/.pgpass (oder die Datei, die PGPASSFILE nennt) als HOST:PORT:%3:%2:PASSWORT ein, Modus 0600.</translation>
    </message>
    <message>
        <source>The PostgreSQL server %1 has no database %2: create it (createdb %2) or name another one in the store address.</source>
        <translation>Der PostgreSQL-Server %1 hat keine Datenbank %2: Legen Sie sie an (createdb %2) oder nennen Sie in der Speicheradresse eine andere.</translation>
    </message>
    <message>
        <source>The PostgreSQL server %1 has no user %2: create it (createuser %2) or name another one in the store address.</source>
        <translation>Der PostgreSQL-Server %1 hat keinen Benutzer %2: Legen Sie ihn an (createuser %2) oder nennen Sie in der Speicheradresse einen anderen.</translation>
    </message>
    <message>
        <source>Cannot reach the PostgreSQL server %1 (%2): start it, or check the host and port in the store address %3.</source>
        <translation>Der PostgreSQL-Server %1 ist nicht erreichbar (%2): Starten Sie ihn oder prüfen Sie Host und Port in der Speicheradresse %3.</translation>
    </message>
    <message>
        <source>This tcptune has no PostgreSQL driver: install libqt6sql6-psql, or use a file as the store.</source>
        <translation>Diesem tcptune fehlt der PostgreSQL-Treiber: Installieren Sie libqt6sql6-psql oder verwenden Sie eine Datei als Speicher.</translation>
    </message>
    <message>
        <source>The result store %1 was written by a newer tcptune (schema %2, this one knows %3); update tcptune or choose another store.</source>
        <translation>Der Ergebnisspeicher %1 wurde von einem neueren tcptune geschrieben (Schema %2, dieses kennt %3); aktualisieren Sie tcptune oder wählen Sie einen anderen Speicher.</translation>
    </message>
    <message>
        <source>copy a row of %1</source>
        <translation>eine Zeile von %1 kopieren</translation>
    </message>
    <message>
        <source>read %1</source>
        <translation>%1 lesen</translation>
    </message>
    <message>
        <source>look up %1 by UUID</source>
        <translation>%1 nach UUID suchen</translation>
    </message>
    <message>
        <source>bring the experiment&apos;s status up to date</source>
        <translation>den Status des Experiments aktualisieren</translation>
    </message>
    <message>
        <source>replace an unfinished run</source>
        <translation>einen unbeendeten Lauf ersetzen</translation>
    </message>
    <message>
        <source>The result store %1 could not start a transaction: %2.</source>
        <translation>Der Ergebnisspeicher %1 konnte keine Transaktion beginnen: %2.</translation>
    </message>
    <message>
        <source>The result store %1 could not commit the copy: %2.</source>
        <translation>Der Ergebnisspeicher %1 konnte die Kopie nicht festschreiben: %2.</translation>
    </message>
    <message>
        <source>count the runs</source>
        <translation>die Läufe zählen</translation>
    </message>
    <message>
        <source>read the bundle&apos;s capture files</source>
        <translation>die Mitschnittdateien des Bündels lesen</translation>
    </message>
    <message>
        <source>store a capture file in the bundle</source>
        <translation>eine Mitschnittdatei im Bündel speichern</translation>
    </message>
    <message>
        <source>Cannot write the capture file %1: %2. Check that the disk is not full and the folder is writable.</source>
        <translation>Die Mitschnittdatei %1 kann nicht geschrieben werden: %2. Prüfen Sie, ob die Platte voll ist und der Ordner beschreibbar ist.</translation>
    </message>
    <message>
        <source>The bundle&apos;s copy of the capture file %1 is truncated or damaged: it holds %2 of the %3 bytes exported. Export the experiment again.</source>
        <translation>Die Kopie der Mitschnittdatei %1 im Bündel ist abgeschnitten oder beschädigt: Sie enthält %2 der %3 exportierten Bytes. Exportieren Sie das Experiment erneut.</translation>
    </message>
    <message>
        <source>The bundle&apos;s copy of the capture file %1 is damaged: its bytes differ from those exported (SHA-256). Export the experiment again.</source>
        <translation>Die Kopie der Mitschnittdatei %1 im Bündel ist beschädigt: Ihre Bytes weichen von den exportierten ab (SHA-256). Exportieren Sie das Experiment erneut.</translation>
    </message>
    <message>
        <source>Cannot find a free name for the capture file %1 in %2.</source>
        <translation>Für die Mitschnittdatei %1 findet sich in %2 kein freier Name.</translation>
    </message>
    <message>
        <source>Cannot read the capture file %1: %2.</source>
        <translation>Die Mitschnittdatei %1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the capture files; check its permissions.</source>
        <translation>Der Ordner %1 für die Mitschnittdateien kann nicht angelegt werden; prüfen Sie seine Berechtigungen.</translation>
    </message>
    <message>
        <source>The result store could not %1: %2. Check that the server still answers and that its user may write to the database.</source>
        <translation>Der Ergebnisspeicher konnte nicht %1: %2. Prüfen Sie, ob der Server noch antwortet und sein Benutzer in die Datenbank schreiben darf.</translation>
    </message>
</context>
<context>
    <name>ResultsCommand</name>
    <message>
        <source>Lists the stored experiments, or shows one with its result table.</source>
        <translation>Listet die gespeicherten Experimente auf oder zeigt eines mit seiner Ergebnistabelle.</translation>
    </message>
    <message>
        <source>Stored results.</source>
        <translation>Gespeicherte Ergebnisse.</translation>
    </message>
    <message>
        <source>Print JSON.</source>
        <translation>JSON ausgeben.</translation>
    </message>
    <message>
        <source>show: also write table.md, points.csv, runs.csv and results.json into DIR.</source>
        <translation>show: außerdem table.md, points.csv, runs.csv und results.json in ORDNER schreiben.</translation>
    </message>
    <message>
        <source>&apos;tcptune results %1&apos; needs two experiments (ids or tags), A and B; &apos;tcptune results list&apos; shows them.</source>
        <translation>„tcptune results %1“ braucht zwei Experimente (IDs oder Tags), A und B; „tcptune results list“ zeigt sie.</translation>
    </message>
    <message>
        <source>&apos;tcptune results %1&apos; needs an experiment (an id or a tag); &apos;tcptune results list&apos; shows them.</source>
        <translation>„tcptune results %1“ braucht ein Experiment (eine ID oder ein Tag); „tcptune results list“ zeigt sie.</translation>
    </message>
    <message>
        <source>&apos;tcptune results tag&apos; needs an experiment and a name, e.g. &apos;tcptune results tag 12 baseline&apos;.</source>
        <translation>„tcptune results tag“ braucht ein Experiment und einen Namen, z. B. „tcptune results tag 12 baseline“.</translation>
    </message>
    <message>
        <source>Tagged experiment %1 &apos;%2&apos; (the tag was on experiment %3).</source>
        <translation>Experiment %1 hat das Tag „%2“ (es war an Experiment %3).</translation>
    </message>
    <message>
        <source>Tagged experiment %1 &apos;%2&apos;.</source>
        <translation>Experiment %1 hat das Tag „%2“.</translation>
    </message>
    <message>
        <source>list, show ID, diff A B (experiment B against A), tag ID NAME, export ID --bundle FILE, import FILE, or sync (the outbox&apos;s runs up to the store); an experiment is its id or a tag</source>
        <translation>list, show ID, diff A B (Experiment B gegen A), tag ID NAME, export ID --bundle DATEI, import DATEI oder sync (die Läufe des Postausgangs in den Speicher); ein Experiment ist seine ID oder ein Tag</translation>
    </message>
    <message>
        <source>export: the bundle file to write (SQLite).</source>
        <translation>export: die zu schreibende Bündeldatei (SQLite).</translation>
    </message>
    <message>
        <source>Unknown action &apos;%1&apos;; use &apos;tcptune results list&apos;, &apos;show ID&apos;, &apos;diff A B&apos;, &apos;tag ID NAME&apos;, &apos;export ID --bundle FILE&apos;, &apos;import FILE&apos; or &apos;sync&apos;.</source>
        <translation>Unbekannte Aktion „%1“; verwenden Sie „tcptune results list“, „show ID“, „diff A B“, „tag ID NAME“, „export ID --bundle DATEI“, „import DATEI“ oder „sync“.</translation>
    </message>
    <message>
        <source>--bundle FILE is missing: say where to write the bundle.</source>
        <translation>--bundle DATEI fehlt: Geben Sie an, wohin das Bündel geschrieben werden soll.</translation>
    </message>
    <message>
        <source>Give one bundle file: &apos;tcptune results import FILE&apos;.</source>
        <translation>Geben Sie eine Bündeldatei an: „tcptune results import DATEI“.</translation>
    </message>
</context>
<context>
    <name>RootQdisc</name>
    <message>
        <source>Cannot make a namespace to ask the kernel for its qdiscs: %1.</source>
        <translation>Es lässt sich kein Namensraum anlegen, um den Kernel nach seinen Qdiscs zu fragen: %1.</translation>
    </message>
    <message>
        <source>The kernel did not show the root qdisc of %1.</source>
        <translation>Der Kernel zeigte die Wurzel-Qdisc von %1 nicht.</translation>
    </message>
    <message>
        <source>The kernel&apos;s answer for %1 is not an acknowledgement.</source>
        <translation>Die Antwort des Kernels für %1 ist keine Bestätigung.</translation>
    </message>
    <message>
        <source>The kernel&apos;s answer is not a qdisc.</source>
        <translation>Die Antwort des Kernels ist keine Qdisc.</translation>
    </message>
    <message>
        <source>The kernel&apos;s answer names no qdisc kind.</source>
        <translation>Die Antwort des Kernels nennt keine Qdisc-Art.</translation>
    </message>
    <message>
        <source>There is no network device %1 here.</source>
        <translation>Hier gibt es kein Netzwerkgerät %1.</translation>
    </message>
    <message>
        <source>This kernel has no %1 qdisc (module %2); available: %3.</source>
        <translation>Dieser Kernel hat keine Qdisc %1 (Modul %2); verfügbar: %3.</translation>
    </message>
    <message>
        <source>none of %1</source>
        <translation>keine von %1</translation>
    </message>
</context>
<context>
    <name>RouteSocket</name>
    <message>
        <source>Cannot ask the kernel: %1.</source>
        <translation>Der Kernel lässt sich nicht fragen: %1.</translation>
    </message>
    <message>
        <source>The kernel did not answer: %1.</source>
        <translation>Der Kernel antwortete nicht: %1.</translation>
    </message>
    <message>
        <source>The kernel sent no answer to this request.</source>
        <translation>Der Kernel schickte auf diese Anfrage keine Antwort.</translation>
    </message>
    <message>
        <source>The kernel&apos;s answer for %1 is too short.</source>
        <translation>Die Antwort des Kernels für %1 ist zu kurz.</translation>
    </message>
    <message>
        <source>The kernel refused the change of %1: %2.</source>
        <translation>Der Kernel lehnte die Änderung von %1 ab: %2.</translation>
    </message>
    <message>
        <source>Cannot open a netlink socket: %1.</source>
        <translation>Ein Netlink-Socket lässt sich nicht öffnen: %1.</translation>
    </message>
</context>
<context>
    <name>RunCommand</name>
    <message>
        <source>this host&apos;s end</source>
        <translation>das Ende dieses Hosts</translation>
    </message>
    <message>
        <source>Runs real TCP traffic against a `tcptune serve` agent or a stock `iperf3 -s`, sampling TCP_INFO of every sending socket, and prints the receiver&apos;s goodput, RTT and the sample series.</source>
        <translation>Erzeugt echten TCP-Verkehr gegen einen `tcptune serve`-Agenten oder ein gewöhnliches `iperf3 -s`, tastet TCP_INFO jedes sendenden Sockets ab und gibt den Nutzdurchsatz beim Empfänger, die RTT und die Messreihe aus.</translation>
    </message>
    <message>
        <source>Run traffic.</source>
        <translation>Verkehr erzeugen.</translation>
    </message>
    <message>
        <source>Measured seconds (default 10).</source>
        <translation>Gemessene Sekunden (Standard 10).</translation>
    </message>
    <message>
        <source>Seconds to run first and leave out (default 0).</source>
        <translation>Sekunden, die zuerst laufen und ausgelassen werden (Standard 0).</translation>
    </message>
    <message>
        <source>Parallel connections (default 1).</source>
        <translation>Parallele Verbindungen (Standard 1).</translation>
    </message>
    <message>
        <source>%1 (default %2).</source>
        <translation>%1 (Standard %2).</translation>
    </message>
    <message>
        <source>Bytes per write; split-write: the data part (default 128K).</source>
        <translation>Bytes je Schreibvorgang; split-write: der Datenteil (Standard 128K).</translation>
    </message>
    <message>
        <source>rr: request bytes (default 64).</source>
        <translation>rr: Anfragebytes (Standard 64).</translation>
    </message>
    <message>
        <source>rr, split-write: response bytes (default 64; split-write 0 = one-way).</source>
        <translation>rr, split-write: Antwortbytes (Standard 64; split-write 0 = einseitig).</translation>
    </message>
    <message>
        <source>split-write: header bytes (default 48).</source>
        <translation>split-write: Kopfbytes (Standard 48).</translation>
    </message>
    <message>
        <source>SO_SNDBUF in bytes (default: autotuning).</source>
        <translation>SO_SNDBUF in Bytes (Standard: automatische Anpassung).</translation>
    </message>
    <message>
        <source>SO_RCVBUF in bytes, both ends (default: autotuning).</source>
        <translation>SO_RCVBUF in Bytes, beide Enden (Standard: automatische Anpassung).</translation>
    </message>
    <message>
        <source>Set TCP_NODELAY.</source>
        <translation>TCP_NODELAY setzen.</translation>
    </message>
    <message>
        <source>Set TCP_CORK (split-write: around each message).</source>
        <translation>TCP_CORK setzen (split-write: um jede Nachricht).</translation>
    </message>
    <message>
        <source>TCP_NOTSENT_LOWAT in bytes.</source>
        <translation>TCP_NOTSENT_LOWAT in Bytes.</translation>
    </message>
    <message>
        <source>Congestion control (e.g. cubic, bbr, reno).</source>
        <translation>Überlaststeuerung (z. B. cubic, bbr, reno).</translation>
    </message>
    <message>
        <source>SO_MAX_PACING_RATE, e.g. 100mbit.</source>
        <translation>SO_MAX_PACING_RATE, z. B. 100mbit.</translation>
    </message>
    <message>
        <source>TCP_INFO sampling interval in ms (default 10).</source>
        <translation>Abtastintervall von TCP_INFO in ms (Standard 10).</translation>
    </message>
    <message>
        <source>Measure latency with a small request/response flow beside the load.</source>
        <translation>Latenz mit einem kleinen Anfrage/Antwort-Fluss neben der Last messen.</translation>
    </message>
    <message>
        <source>Seconds to wait for a connection (default 3).</source>
        <translation>Sekunden, die auf eine Verbindung gewartet wird (Standard 3).</translation>
    </message>
    <message>
        <source>Print the result as one JSON object.</source>
        <translation>Das Ergebnis als ein JSON-Objekt ausgeben.</translation>
    </message>
    <message>
        <source>Without --target: the local lab NAME (default lab), started if down.</source>
        <translation>Ohne --target: das lokale Labor NAME (Standard lab), wird gestartet, wenn es nicht aktiv ist.</translation>
    </message>
    <message>
        <source>Try &apos;tcptune run --help&apos;.</source>
        <translation>Versuchen Sie &apos;tcptune run --help&apos;.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;. Try &apos;tcptune run --help&apos;.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;. Versuchen Sie &apos;tcptune run --help&apos;.</translation>
    </message>
    <message>
        <source>Give either --target or --lab, not both.</source>
        <translation>Geben Sie entweder --target oder --lab an, nicht beides.</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is not a number of seconds.</source>
        <translation>%1 &apos;%2&apos; ist keine Sekundenzahl.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 &apos;%2&apos; is too large.</source>
        <translation>%1 &apos;%2&apos; ist zu groß.</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Omit</source>
        <translation>Auslassen</translation>
    </message>
    <message>
        <source>Connect timeout</source>
        <translation>Verbindungsfrist</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>Ströme</translation>
    </message>
    <message>
        <source>Write size</source>
        <translation>Schreibgröße</translation>
    </message>
    <message>
        <source>Request size</source>
        <translation>Anfragegröße</translation>
    </message>
    <message>
        <source>Response size</source>
        <translation>Antwortgröße</translation>
    </message>
    <message>
        <source>Header size</source>
        <translation>Kopfgröße</translation>
    </message>
    <message>
        <source>Send buffer</source>
        <translation>Sendepuffer</translation>
    </message>
    <message>
        <source>Receive buffer</source>
        <translation>Empfangspuffer</translation>
    </message>
    <message>
        <source>TCP_NOTSENT_LOWAT</source>
        <translation>TCP_NOTSENT_LOWAT</translation>
    </message>
    <message>
        <source>Pacing rate</source>
        <translation>Pacing-Rate</translation>
    </message>
    <message>
        <source>Sample interval</source>
        <translation>Abtastintervall</translation>
    </message>
    <message>
        <source>Connecting to %1 ...</source>
        <translation>Verbinde mit %1 ...</translation>
    </message>
    <message>
        <source>%1/%2 s  %3  rtt %4 ms  cwnd %5  retrans %6</source>
        <translation>%1/%2 s  %3  RTT %4 ms  cwnd %5  Neuübertr. %6</translation>
    </message>
    <message>
        <source>target          %1 (%2)</source>
        <translation>Ziel            %1 (%2)</translation>
    </message>
    <message>
        <source>throughput      %1 (receiver), %2 (sender)</source>
        <translation>Durchsatz       %1 (Empfänger), %2 (Sender)</translation>
    </message>
    <message>
        <source>bytes           %1 sent, %2 received</source>
        <translation>Bytes           %1 gesendet, %2 empfangen</translation>
    </message>
    <message>
        <source>rtt             min %1  median %2  p95 %3  max %4 ms</source>
        <translation>RTT             min. %1  Median %2  p95 %3  max. %4 ms</translation>
    </message>
    <message>
        <source>send buffer     %1 actual</source>
        <translation>Sendepuffer     %1 tatsächlich</translation>
    </message>
    <message>
        <source> (%1 requested)</source>
        <translation> (%1 angefordert)</translation>
    </message>
    <message>
        <source>, capped by net.core.wmem_max</source>
        <translation>, begrenzt durch net.core.wmem_max</translation>
    </message>
    <message>
        <source>congestion      %1</source>
        <translation>Überlaststeu.   %1</translation>
    </message>
    <message>
        <source>send method     %1, %2 calls</source>
        <translation>Sendeart        %1, %2 Aufrufe</translation>
    </message>
    <message>
        <source>zerocopy        %1 sends, %2 completed, %3 of them copied by the kernel</source>
        <translation>Zerocopy        %1 Sendungen, %2 bestätigt, davon %3 vom Kernel doch kopiert</translation>
    </message>
    <message>
        <source>transactions    %1/s, latency median %2 ms, p99 %3 ms</source>
        <translation>Transaktionen   %1/s, Latenz Median %2 ms, p99 %3 ms</translation>
    </message>
    <message>
        <source>latency probe   median %1 ms, p95 %2 ms</source>
        <translation>Latenzsonde     Median %1 ms, p95 %2 ms</translation>
    </message>
    <message>
        <source>remote knobs    %1 recorded (see --json)</source>
        <translation>Ferne Parameter    %1 aufgezeichnet (siehe --json)</translation>
    </message>
    <message>
        <source>INTERRUPTED     %1</source>
        <translation>UNTERBROCHEN    %1</translation>
    </message>
    <message>
        <source>bulk: send with MSG_ZEROCOPY (the kernel pins the buffer instead of copying it; towards a local receiver it copies anyway).</source>
        <translation>bulk: mit MSG_ZEROCOPY senden (der Kernel heftet die Seiten des Puffers an, statt sie zu kopieren; zu einem lokalen Empfänger kopiert er trotzdem).</translation>
    </message>
    <message>
        <source>bulk: send with sendfile() from an in-memory file (no copy).</source>
        <translation>bulk: mit sendfile() aus einer Datei im Speicher senden (ohne Kopie).</translation>
    </message>
    <message>
        <source>bulk: send with sendfile() from FILE, over and over.</source>
        <translation>bulk: mit sendfile() aus DATEI senden, immer wieder von vorn.</translation>
    </message>
    <message>
        <source>Give either --zerocopy or --sendfile, not both.</source>
        <translation>Geben Sie entweder --zerocopy oder --sendfile an, nicht beides.</translation>
    </message>
    <message>
        <source>ssh:// targets: the ssh config file to use (ssh -F).</source>
        <translation>ssh://-Ziele: die zu verwendende ssh-Konfigurationsdatei (ssh -F).</translation>
    </message>
    <message>
        <source>workload        %1 %2, %3 stream(s), %4 s measured</source>
        <translation>Last            %1 %2, %3 Strom/Ströme, %4 s gemessen</translation>
    </message>
    <message>
        <source>samples         %1 at %2 ms (%3)</source>
        <translation>Messwerte       %1 alle %2 ms (%3)</translation>
    </message>
    <message>
        <source>verdict         %1</source>
        <translation>Befund          %1</translation>
    </message>
    <message>
        <source>Refused: the command line is readable by every user. Use --token-file.</source>
        <translation>Abgelehnt: die Befehlszeile kann jeder Benutzer lesen. Verwenden Sie --token-file.</translation>
    </message>
    <message>
        <source>The agent&apos;s token is in FILE (or in the TCPTUNE_TOKEN environment variable); results keep the file&apos;s name, never the token.</source>
        <translation>Das Token des Agenten steht in DATEI (oder in der Umgebungsvariable TCPTUNE_TOKEN); Ergebnisse speichern den Dateinamen, nie das Token.</translation>
    </message>
    <message>
        <source>up (this host sends, default), down (the target sends; iperf3: reverse mode) or both (at once; iperf3: bidirectional mode).</source>
        <translation>up (dieser Host sendet, Standard), down (das Ziel sendet; iperf3: Rückwärtsmodus) oder both (beide zugleich; iperf3: bidirektionaler Modus).</translation>
    </message>
    <message>
        <source>  %1%2 received (%3), %4 sent; samples from the %5</source>
        <translation>  %1%2 empfangen (%3), %4 gesendet; Messwerte vom %5</translation>
    </message>
    <message>
        <source>HOST[:PORT] of a `tcptune serve` agent (port 5300), iperf3://HOST[:PORT] of an iperf3 server (port 5201), or ssh://[USER@]HOST[:PORT] of a host with tcptune that ssh logs in to with a key. Give it several times to run against several ends at once (the same traffic to each, started together).</source>
        <translation>HOST[:PORT] eines `tcptune serve`-Agenten (Port 5300), iperf3://HOST[:PORT] eines iperf3-Servers (Port 5201) oder ssh://[BENUTZER@]HOST[:PORT] eines Hosts mit tcptune, an dem sich ssh mit einem Schlüssel anmeldet. Mehrfach angegeben läuft der Verkehr gegen mehrere Enden zugleich (derselbe Verkehr zu jedem, gemeinsam gestartet).</translation>
    </message>
    <message>
        <source>--target %1: %2</source>
        <translation>--target %1: %2</translation>
    </message>
    <message>
        <source>end %1  %2  %3  rtt median %4 ms  %5 samples (%6)</source>
        <translation>Ende %1  %2  %3  RTT-Median %4 ms  %5 Messwerte (%6)</translation>
    </message>
    <message>
        <source>all ends        %1 together, %2 s measured</source>
        <translation>alle Enden     %1 zusammen, %2 s gemessen</translation>
    </message>
    <message>
        <source>Jain&apos;s fairness index %1</source>
        <translation>Jains Fairness-Index %1</translation>
    </message>
    <message>
        <source>Print the result in iperf3&apos;s JSON layout (iperf3 -J: start, intervals, end with sum_sent and sum_received), for tools that read iperf3&apos;s results.</source>
        <translation>Das Ergebnis im JSON-Aufbau von iperf3 ausgeben (iperf3 -J: start, intervals, end mit sum_sent und sum_received), für Werkzeuge, die Ergebnisse von iperf3 lesen.</translation>
    </message>
    <message>
        <source>Give either --json or --json-iperf3, not both.</source>
        <translation>Geben Sie entweder --json oder --json-iperf3 an, nicht beides.</translation>
    </message>
    <message>
        <source>--json-iperf3 holds one direction, as iperf3 without --bidir; use --json for --direction both.</source>
        <translation>--json-iperf3 fasst eine Richtung, wie iperf3 ohne --bidir; verwenden Sie --json für --direction both.</translation>
    </message>
    <message>
        <source>--json-iperf3 holds one end; use --json for several --target.</source>
        <translation>--json-iperf3 fasst eine Gegenstelle; verwenden Sie --json für mehrere --target.</translation>
    </message>
    <message>
        <source>rrul: seconds of probing alone before the streams start, the idle baseline (default 5).</source>
        <translation>rrul: Sekunden, in denen nur gemessen wird, bevor die Streams starten: die Ruhe-Basislinie (Standard 5).</translation>
    </message>
    <message>
        <source>Idle phase</source>
        <translation>Ruhephase</translation>
    </message>
    <message>
        <source>idle latency    median %1 ms (UDP echo, %2 s before the load)</source>
        <translation>Ruhelatenz      Median %1 ms (UDP-Echo, %2 s vor der Last)</translation>
    </message>
    <message>
        <source>under load      median %1 ms, p95 %2 ms, p99 %3 ms: %4 ms under load</source>
        <translation>unter Last      Median %1 ms, p95 %2 ms, p99 %3 ms: %4 ms unter Last</translation>
    </message>
    <message>
        <source>TCP probe       median %1 ms idle, %2 ms under load</source>
        <translation>TCP-Sonde       Median %1 ms in Ruhe, %2 ms unter Last</translation>
    </message>
    <message>
        <source>probe loss      %1 of %2 UDP probes under load (%3 %), %4 of %5 in all</source>
        <translation>Sondenverlust   %1 von %2 UDP-Sonden unter Last (%3 %), %4 von %5 insgesamt</translation>
    </message>
</context>
<context>
    <name>RunConfiguration</name>
    <message>
        <source>%1, 1 stream</source>
        <translation>%1, 1 Strom</translation>
    </message>
    <message>
        <source>%1, %2 streams</source>
        <translation>%1, %2 Ströme</translation>
    </message>
    <message>
        <source>, %1/%2 B messages</source>
        <translation>, Nachrichten %1/%2 B</translation>
    </message>
    <message>
        <source>, %1 writes</source>
        <translation>, Schreibgröße %1</translation>
    </message>
    <message>
        <source>kernel defaults</source>
        <translation>Kernel-Standardwerte</translation>
    </message>
    <message>
        <source>changed: %1</source>
        <translation>geändert: %1</translation>
    </message>
</context>
<context>
    <name>RunSettling</name>
    <message>
        <source>The throughput was still rising when the run ended: run longer than %1 s.</source>
        <translation>Der Durchsatz stieg noch, als der Lauf endete: länger als %1 s laufen lassen.</translation>
    </message>
    <message>
        <source>The RTT was still rising when the run ended: run longer than %1 s.</source>
        <translation>Die RTT stieg noch, als der Lauf endete: länger als %1 s laufen lassen.</translation>
    </message>
</context>
<context>
    <name>RunDiagnosis</name>
    <message>
        <source>The flow filled the path: %1 of the %2 Mbit/s its delivery-rate samples showed (%3).</source>
        <translation>Der Fluss füllte den Pfad: %1 der %2 Mbit/s, die seine Delivery-Rate-Messungen zeigten (%3).</translation>
    </message>
    <message>
        <source>The flow filled the path: the bottleneck held packets %1 of the time, and its shaper passed %2 of %3 Mbit/s (%4).</source>
        <translation>Der Fluss füllte den Pfad: der Engpass hielt %1 der Zeit Pakete vor, und sein Shaper ließ %2 von %3 Mbit/s durch (%4).</translation>
    </message>
    <message>
        <source>The flow filled the path: %1 of %2 Mbit/s (%3).</source>
        <translation>Der Fluss füllte den Pfad: %1 von %2 Mbit/s (%3).</translation>
    </message>
    <message>
        <source>Small writes (%1) waited for delayed ACKs: Nagle held each write up to %2 ms (TCP_NODELAY off). %3 delayed ACKs at the receiver.</source>
        <translation>Kleine Schreibvorgänge (%1) warteten auf verzögerte ACKs: Nagle hielt jeden Schreibvorgang bis zu %2 ms zurück (TCP_NODELAY aus). %3 verzögerte ACKs beim Empfänger.</translation>
    </message>
    <message>
        <source>The send buffer held the window at %1 (%2 of the time), which cost no throughput here.</source>
        <translation>Der Sendepuffer hielt das Fenster bei %1 (%2 der Zeit), was hier keinen Durchsatz kostete.</translation>
    </message>
    <message>
        <source>The send buffer held the sender back %1 of the time, which cost no throughput here.</source>
        <translation>Der Sendepuffer bremste den Sender %1 der Zeit, was hier keinen Durchsatz kostete.</translation>
    </message>
    <message>
        <source>The receiver&apos;s window (SO_RCVBUF %1) held the flow %2 of the time, which cost no throughput here.</source>
        <translation>Das Fenster des Empfängers (SO_RCVBUF %1) bremste den Fluss %2 der Zeit, was hier keinen Durchsatz kostete.</translation>
    </message>
    <message>
        <source>The receiver&apos;s window held the flow %1 of the time, which cost no throughput here.</source>
        <translation>Das Fenster des Empfängers bremste den Fluss %1 der Zeit, was hier keinen Durchsatz kostete.</translation>
    </message>
    <message>
        <source>Congestion control set the pace %1 of the time, which cost no throughput here.</source>
        <translation>Die Staukontrolle gab %1 der Zeit das Tempo vor, was hier keinen Durchsatz kostete.</translation>
    </message>
    <message>
        <source>This host&apos;s sending (up): %1</source>
        <translation>Senden dieses Hosts (up): %1</translation>
    </message>
    <message>
        <source>The bottleneck queue held %1 on average: +%2 ms of RTT.</source>
        <translation>Die Warteschlange am Engpass hielt im Mittel %1: +%2 ms RTT.</translation>
    </message>
    <message>
        <source>%1 of segments retransmitted; the bottleneck dropped %2 packets.</source>
        <translation>%1 der Segmente neu übertragen; der Engpass verwarf %2 Pakete.</translation>
    </message>
    <message>
        <source>%1 of segments retransmitted.</source>
        <translation>%1 der Segmente neu übertragen.</translation>
    </message>
    <message>
        <source>Receiver window limited %1 of the time (SO_RCVBUF %2 at the receiver).</source>
        <translation>Durch das Empfangsfenster begrenzt %1 der Zeit (SO_RCVBUF %2 beim Empfänger).</translation>
    </message>
    <message>
        <source>Receiver window limited %1 of the time.</source>
        <translation>Durch das Empfangsfenster begrenzt %1 der Zeit.</translation>
    </message>
    <message>
        <source>Sender limited by its send buffer %1 of the time (SO_SNDBUF %2).</source>
        <translation>Sender durch seinen Sendepuffer begrenzt %1 der Zeit (SO_SNDBUF %2).</translation>
    </message>
    <message>
        <source>Sender limited by its send buffer %1 of the time (autotuned).</source>
        <translation>Sender durch seinen Sendepuffer begrenzt %1 der Zeit (automatisch angepasst).</translation>
    </message>
    <message>
        <source>Sender limited by its send buffer %1 of the time.</source>
        <translation>Sender durch seinen Sendepuffer begrenzt %1 der Zeit.</translation>
    </message>
    <message>
        <source>Application-limited %1 of the time: the sender often had nothing to send.</source>
        <translation>Anwendungsbegrenzt %1 der Zeit: der Sender hatte oft nichts zu senden.</translation>
    </message>
    <message>
        <source>Congestion window limited %1 of the time: congestion control set the pace.</source>
        <translation>Durch das Überlastfenster begrenzt %1 der Zeit: die Überlastkontrolle gab das Tempo vor.</translation>
    </message>
    <message>
        <source>Autocorking held writes back %1 times.</source>
        <translation>Autocorking hielt Schreibvorgänge %1-mal zurück.</translation>
    </message>
    <message>
        <source>Autocorking never engaged in this set-up (TcpExtTCPAutoCorking stayed 0).</source>
        <translation>Autocorking hat in diesem Aufbau nie eingegriffen (TcpExtTCPAutoCorking blieb 0).</translation>
    </message>
    <message>
        <source>No limiter held the flow back most of the time (busy %1 of the time).</source>
        <translation>Kein Begrenzer bremste den Fluss die meiste Zeit (beschäftigt %1 der Zeit).</translation>
    </message>
    <message>
        <source>No limiter held the flow back most of the time.</source>
        <translation>Kein Begrenzer bremste den Fluss die meiste Zeit.</translation>
    </message>
    <message>
        <source>%1 of segments retransmitted by the far end, which sent; the bottleneck dropped %2 packets.</source>
        <translation>%1 der Segmente von der Gegenstelle, die gesendet hat, neu übertragen; der Engpass verwarf %2 Pakete.</translation>
    </message>
    <message>
        <source>%1 of segments retransmitted by the far end, which sent.</source>
        <translation>%1 der Segmente von der Gegenstelle, die gesendet hat, neu übertragen.</translation>
    </message>
    <message>
        <source>Autocorking at the far end, which sent, held writes back %1 times.</source>
        <translation>Autocorking an der Gegenstelle, die gesendet hat, hielt Schreibvorgänge %1-mal zurück.</translation>
    </message>
    <message>
        <source>GSO and TSO are off at the far end, which sent (%1): %2-byte segments leave its stack one by one (%3 per GB).</source>
        <translation>GSO und TSO sind an der Gegenstelle, die gesendet hat, aus (%1): Segmente von %2 Byte verlassen ihren Stack einzeln (%3 je GB).</translation>
    </message>
    <message>
        <source>GSO and TSO are off at the sender (%1): %2-byte segments leave the stack one by one (%3 per GB).</source>
        <translation>GSO und TSO sind beim Sender aus (%1): Segmente von %2 Byte verlassen den Stack einzeln (%3 je GB).</translation>
    </message>
    <message>
        <source>The device queue of %1 (%2) held %3 packets on average, up to %4, and dropped %5.</source>
        <translation>Die Gerätewarteschlange von %1 (%2) hielt im Mittel %3 Pakete, bis zu %4, und verwarf %5.</translation>
    </message>
    <message>
        <source>The device queue of %1 (%2) held %3 packets on average, up to %4.</source>
        <translation>Die Gerätewarteschlange von %1 (%2) hielt im Mittel %3 Pakete, bis zu %4.</translation>
    </message>
    <message>
        <source>Autocorking never engaged at the far end, which sent (TcpExtTCPAutoCorking stayed 0).</source>
        <translation>Autocorking hat an der Gegenstelle, die gesendet hat, nie eingegriffen (TcpExtTCPAutoCorking blieb 0).</translation>
    </message>
    <message>
        <source>The far end sent, and its MIB counters are not available: retransmissions and autocorking are not judged.</source>
        <translation>Die Gegenstelle hat gesendet, und ihre MIB-Zähler liegen nicht vor: Neuübertragungen und Autocorking werden nicht beurteilt.</translation>
    </message>
    <message>
        <source>The far end sent and reported neither its TCP_INFO nor its MIB counters: no limiter can be named; run &apos;tcptune serve&apos; there (with a token) for a verdict.</source>
        <translation>Die Gegenstelle hat gesendet und weder ihr TCP_INFO noch ihre MIB-Zähler gemeldet: Kein Begrenzer lässt sich benennen; starten Sie dort &apos;tcptune serve&apos; (mit Token) für einen Befund.</translation>
    </message>
    <message>
        <source>This end sent, but its MIB counters were not read: retransmissions and autocorking are not judged.</source>
        <translation>Dieses Ende hat gesendet, aber seine MIB-Zähler wurden nicht gelesen: Neuübertragungen und Autocorking werden nicht beurteilt.</translation>
    </message>
    <message>
        <source>This end sent, but neither its TCP_INFO nor its MIB counters were read: no limiter can be named.</source>
        <translation>Dieses Ende hat gesendet, aber weder sein TCP_INFO noch seine MIB-Zähler wurden gelesen: Kein Begrenzer lässt sich benennen.</translation>
    </message>
</context>
<context>
    <name>RunObserver</name>
    <message>
        <source>Some readings of the queue failed: %1</source>
        <translation>Einige Ablesungen der Warteschlange schlugen fehl: %1</translation>
    </message>
</context>
<context>
    <name>SendPayload</name>
    <message>
        <source>Cannot create the in-memory file to send from: %1. Use the copy send method, or give a file to send from.</source>
        <translation>Die Datei im Speicher, aus der gesendet wird, kann nicht angelegt werden: %1. Verwenden Sie die Sendeart copy oder geben Sie eine Datei an, aus der gesendet wird.</translation>
    </message>
    <message>
        <source>Cannot fill the in-memory file to send from: %1.</source>
        <translation>Die Datei im Speicher, aus der gesendet wird, kann nicht gefüllt werden: %1.</translation>
    </message>
    <message>
        <source>Cannot open %1 to send from: %2. Check the path and its permissions.</source>
        <translation>%1 kann zum Senden nicht geöffnet werden: %2. Prüfen Sie den Pfad und seine Rechte.</translation>
    </message>
    <message>
        <source>%1 is not a regular file with data in it; sendfile needs one to send from.</source>
        <translation>%1 ist keine reguläre Datei mit Daten; sendfile braucht eine, aus der es sendet.</translation>
    </message>
    <message>
        <source>This kernel refuses SO_ZEROCOPY (%1); MSG_ZEROCOPY needs Linux 4.14 or later. Use the copy or sendfile send method.</source>
        <translation>Dieser Kernel lehnt SO_ZEROCOPY ab (%1); MSG_ZEROCOPY braucht Linux 4.14 oder neuer. Verwenden Sie die Sendeart copy oder sendfile.</translation>
    </message>
</context>
<context>
    <name>ServeCommand</name>
    <message>
        <source>the agent</source>
        <translation>den Agenten</translation>
    </message>
    <message>
        <source>Serve.</source>
        <translation>Bedienen.</translation>
    </message>
    <message>
        <source>TCP port to listen on (default 5300).</source>
        <translation>TCP-Port zum Lauschen (Standard 5300).</translation>
    </message>
    <message>
        <source>Address to listen on (default all IPv4 addresses).</source>
        <translation>Adresse zum Lauschen (Standard alle IPv4-Adressen).</translation>
    </message>
    <message>
        <source>Longest run a client may ask for, in seconds (default 3600).</source>
        <translation>Längster Lauf, den ein Client verlangen darf, in Sekunden (Standard 3600).</translation>
    </message>
    <message>
        <source>Most parallel streams per run (default 64).</source>
        <translation>Höchstens so viele parallele Ströme je Lauf (Standard 64).</translation>
    </message>
    <message>
        <source>Try &apos;tcptune serve --help&apos;.</source>
        <translation>Versuchen Sie &apos;tcptune serve --help&apos;.</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;. Try &apos;tcptune serve --help&apos;.</source>
        <translation>Unbekanntes Argument &apos;%1&apos;. Versuchen Sie &apos;tcptune serve --help&apos;.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a port; give a number from 1 to 65535.</source>
        <translation>&apos;%1&apos; ist kein Port; geben Sie eine Zahl von 1 bis 65535 an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a duration; give seconds, e.g. 600.</source>
        <translation>&apos;%1&apos; ist keine Dauer; geben Sie Sekunden an, z. B. 600.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a memory budget for --memory-budget; give MiB as a whole number from %2 to %3, e.g. 512.</source>
        <translation>&apos;%1&apos; ist kein Speicherbudget für --memory-budget; geben Sie MiB als ganze Zahl von %2 bis %3 an, z. B. 512.</translation>
    </message>
    <message>
        <source>Memory in MiB that all runs&apos; buffers, intervals and results share; a run that would exceed what is left is refused (default %1).</source>
        <translation>Speicher in MiB, den sich Puffer, Intervalle und Ergebnisse aller Läufe teilen; ein Lauf, der den Rest überschreiten würde, wird abgelehnt (Standard %1).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a stream limit; give 1 to 128.</source>
        <translation>&apos;%1&apos; ist keine Stromgrenze; geben Sie 1 bis 128 an.</translation>
    </message>
    <message>
        <source>tcptune agent listening on %1 port %2</source>
        <translation>tcptune-Agent lauscht auf %1 Port %2</translation>
    </message>
    <message>
        <source>tcptune agent stopped after %1 run(s)</source>
        <translation>tcptune-Agent nach %1 Lauf/Läufen beendet</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a limit for --%2; give a whole number from 1 to 1000000.</source>
        <translation>&apos;%1&apos; ist keine Grenze für --%2; geben Sie eine ganze Zahl von 1 bis 1000000 an.</translation>
    </message>
    <message>
        <source>Refused: the command line is readable by every user. Use --token-file or TCPTUNE_TOKEN.</source>
        <translation>Abgelehnt: die Befehlszeile kann jeder Benutzer lesen. Verwenden Sie --token-file oder TCPTUNE_TOKEN.</translation>
    </message>
    <message>
        <source>Most runs at once (default %1).</source>
        <translation>Höchstens so viele Läufe gleichzeitig (Standard %1).</translation>
    </message>
    <message>
        <source>Most connections waiting to authenticate, from all addresses (default %1).</source>
        <translation>Höchstens so viele Verbindungen, die auf die Authentifizierung warten, von allen Adressen (Standard %1).</translation>
    </message>
    <message>
        <source>Most connections waiting to authenticate from one network (/24 for IPv4, /64 for IPv6), and how many it may open at once before it is held to %1 a second (default %2).</source>
        <translation>Höchstens so viele Verbindungen, die auf die Authentifizierung warten, aus einem Netz (/24 bei IPv4, /64 bei IPv6), und so viele darf es auf einmal öffnen, bevor es auf %1 pro Sekunde begrenzt wird (Standard %2).</translation>
    </message>
    <message>
        <source>Most runs at once from one network for clients without a token (default %1).</source>
        <translation>Höchstens so viele gleichzeitige Läufe aus einem Netz für Clients ohne Token (Standard %1).</translation>
    </message>
    <message>
        <source>Most threads serving runs, one per control and data connection, each with a 256 KiB buffer (default 2 x max-streams + 8).</source>
        <translation>Höchstens so viele Threads für Läufe, einer je Steuer- und Datenverbindung, jeder mit 256 KiB Puffer (Standard 2 x max-streams + 8).</translation>
    </message>
    <message>
        <source>Most intervals a run keeps; beyond, neighbours are merged (default %1).</source>
        <translation>Höchstens so viele Intervalle je Lauf; darüber werden Nachbarn zusammengefasst (Standard %1).</translation>
    </message>
    <message>
        <source>Runs the tcptune traffic agent: `tcptune run --target THIS_HOST` measures against it. With a token (--token-file or TCPTUNE_TOKEN) clients prove they know it without sending it and get the agent&apos;s kernel knobs, so both ends are recorded; without one the agent serves traffic only. Every resource is bounded by the limits below. Stops on Ctrl-C or SIGTERM.</source>
        <translation>Startet den tcptune-Verkehrsagenten: `tcptune run --target DIESER_HOST` misst gegen ihn. Mit einem Token (--token-file oder TCPTUNE_TOKEN) beweisen Clients, dass sie es kennen, ohne es zu senden, und erhalten die Kernel-Parameter des Agenten, sodass beide Enden aufgezeichnet werden; ohne Token bedient der Agent nur Verkehr. Jede Ressource ist durch die Grenzen unten beschränkt. Endet mit Strg-C oder SIGTERM.</translation>
    </message>
    <message>
        <source>Serve one run over stdin and stdout, as `tcptune run --target ssh://HOST` starts it; data connections go to a port opened for that run only.</source>
        <translation>Einen Lauf über stdin und stdout bedienen, wie ihn `tcptune run --target ssh://HOST` startet; Datenverbindungen gehen an einen Port, der nur für diesen Lauf offen ist.</translation>
    </message>
    <message>
        <source>serve --stdio is started by `tcptune run --target ssh://HOST`; SSH_CONNECTION is not set, so give the address for data connections with --bind.</source>
        <translation>serve --stdio wird von `tcptune run --target ssh://HOST` gestartet; SSH_CONNECTION ist nicht gesetzt, geben Sie daher die Adresse für Datenverbindungen mit --bind an.</translation>
    </message>
    <message>
        <source>as root</source>
        <translation>als root</translation>
    </message>
    <message>
        <source>through sudo -n</source>
        <translation>über sudo -n</translation>
    </message>
    <message>
        <source>On %1, as root, add the line &apos;%2 ALL=(root) NOPASSWD: %3&apos; with &apos;visudo -f /etc/sudoers.d/tcptune&apos;, or log in there as root.</source>
        <translation>Fügen Sie auf %1 als root die Zeile &apos;%2 ALL=(root) NOPASSWD: %3&apos; mit &apos;visudo -f /etc/sudoers.d/tcptune&apos; hinzu oder melden Sie sich dort als root an.</translation>
    </message>
    <message>
        <source>far knobs need tcptune-helper as root on the far host %1: %2</source>
        <translation>Parameter der Gegenstelle brauchen tcptune-helper als root auf dem fernen Host %1: %2</translation>
    </message>
    <message>
        <source>--max-intervals %1 is too many for one result line; give at most %2.</source>
        <translation>--max-intervals %1 sind zu viele für eine Ergebniszeile; geben Sie höchstens %2 an.</translation>
    </message>
    <message>
        <source>Only serve clients that prove they know the token in FILE (TCPTUNE_TOKEN also works); the file must be yours and closed to group and others.</source>
        <translation>Nur Clients bedienen, die beweisen, dass sie das Token in DATEI kennen (TCPTUNE_TOKEN geht auch); die Datei muss Ihnen gehören und für Gruppe und andere verschlossen sein.</translation>
    </message>
    <message>
        <source>Write a new 256-bit token to FILE (mode 0600, never over an existing file) and exit; give the same file to the clients.</source>
        <translation>Ein neues 256-Bit-Token in DATEI schreiben (Modus 0600, nie über eine vorhandene Datei) und beenden; geben Sie den Clients dieselbe Datei.</translation>
    </message>
    <message>
        <source>A new token is in %1; start the agent with --token-file %1 and give the clients a copy of the file (mode 0600).</source>
        <translation>Ein neues Token liegt in %1; starten Sie den Agenten mit --token-file %1 und geben Sie den Clients eine Kopie der Datei (Modus 0600).</translation>
    </message>
    <message>
        <source>No token (--token-file or TCPTUNE_TOKEN): any client that reaches this port may run traffic, within the agent&apos;s limits, and learns nothing of this host: no knob values, version, buffer limits, congestion control, TCP_INFO or thread counts. Make a token with &apos;tcptune serve --new-token FILE&apos;.</source>
        <translation>Kein Token (--token-file oder TCPTUNE_TOKEN): Jeder Client, der diesen Port erreicht, darf Verkehr erzeugen, innerhalb der Grenzen des Agenten, und erfährt nichts über diesen Host: keine Parameterwerte, Version, Puffergrenzen, Staukontrolle, TCP_INFO oder Thread-Zahlen. Erzeugen Sie ein Token mit &apos;tcptune serve --new-token DATEI&apos;.</translation>
    </message>
</context>
<context>
    <name>SeveralEndsOutcome</name>
    <message>
        <source>%1 %2 Mbit/s (RTT median %3 ms)</source>
        <translation>%1 %2 Mbit/s (RTT-Median %3 ms)</translation>
    </message>
    <message>
        <source>%1; Jain&apos;s fairness index %2</source>
        <translation>%1; Jains Fairness-Index %2</translation>
    </message>
</context>
<context>
    <name>SeveralEndsResult</name>
    <message>
        <source>End %1: %2</source>
        <translation>Ende %1: %2</translation>
    </message>
    <message>
        <source>A result of several ends has a list &apos;targets&apos;, this one has none.</source>
        <translation>Ein Ergebnis mehrerer Enden hat eine Liste &apos;targets&apos;, dieses hat keine.</translation>
    </message>
</context>
<context>
    <name>SeveralEndsTraffic</name>
    <message>
        <source>End %1: %2 The other ends were stopped before their traffic began.</source>
        <translation>Ende %1: %2 Die anderen Enden wurden angehalten, bevor ihr Verkehr begann.</translation>
    </message>
    <message>
        <source>Not run: another end failed before the traffic began.</source>
        <translation>Nicht gelaufen: ein anderes Ende ist gescheitert, bevor der Verkehr begann.</translation>
    </message>
</context>
<context>
    <name>SocketTuning</name>
    <message>
        <source>Cannot set %1 on the socket: %2.</source>
        <translation>%1 lässt sich auf dem Socket nicht setzen: %2.</translation>
    </message>
    <message>
        <source>Cannot tell which namespace the socket lives in: %1.</source>
        <translation>Zu welchem Namespace der Socket gehört, lässt sich nicht feststellen: %1.</translation>
    </message>
    <message>
        <source>The socket does not live in a tcptune namespace.</source>
        <translation>Der Socket gehört zu keinem Namespace von tcptune.</translation>
    </message>
</context>
<context>
    <name>SshChannel</name>
    <message>
        <source>There is no ssh client on this host; install OpenSSH&apos;s client (Debian: openssh-client) to use ssh:// targets.</source>
        <translation>Auf diesem Host gibt es keinen ssh-Client; installieren Sie den OpenSSH-Client (Debian: openssh-client), um ssh://-Ziele zu nutzen.</translation>
    </message>
    <message>
        <source>the far host</source>
        <translation>der entfernte Host</translation>
    </message>
    <message>
        <source>ssh does not know %1&apos;s host key; log in once with `ssh %1` to check and accept it, then try again.</source>
        <translation>ssh kennt den Host-Schlüssel von %1 nicht; melden Sie sich einmal mit `ssh %1` an, prüfen und akzeptieren Sie ihn und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>ssh could not log in to %1 with a key (tcptune never asks for a password); set up key login (ssh-copy-id) and try again.</source>
        <translation>ssh konnte sich an %1 nicht mit einem Schlüssel anmelden (tcptune fragt nie nach einem Passwort); richten Sie die Anmeldung per Schlüssel ein (ssh-copy-id) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>ssh cannot resolve the host name %1; check the name or your ssh config.</source>
        <translation>ssh kann den Hostnamen %1 nicht auflösen; prüfen Sie den Namen oder Ihre ssh-Konfiguration.</translation>
    </message>
    <message>
        <source>ssh cannot reach %1 (%2); check that sshd runs there and the port is right.</source>
        <translation>ssh erreicht %1 nicht (%2); prüfen Sie, ob dort sshd läuft und der Port stimmt.</translation>
    </message>
    <message>
        <source>%1 has no tcptune in the PATH of a non-interactive ssh login; install tcptune there.</source>
        <translation>%1 hat kein tcptune im PATH einer nicht interaktiven ssh-Anmeldung; installieren Sie tcptune dort.</translation>
    </message>
    <message>
        <source>ssh to %1 ended with status %2%3.</source>
        <translation>ssh zu %1 endete mit Status %2%3.</translation>
    </message>
</context>
<context>
    <name>StoredRunNames</name>
    <message>
        <source>this host</source>
        <translation>dieser Host</translation>
    </message>
    <message>
        <source>lab client (%1)</source>
        <translation>Labor-Client (%1)</translation>
    </message>
    <message>
        <source>far end</source>
        <translation>Gegenstelle</translation>
    </message>
    <message>
        <source>lab server (%1)</source>
        <translation>Labor-Server (%1)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>interrupted (crashed)</source>
        <translation>unterbrochen (abgestürzt)</translation>
    </message>
    <message>
        <source>%1 · repeat %2</source>
        <translation>%1 · Wiederholung %2</translation>
    </message>
    <message>
        <source>%1 · this host sends</source>
        <translation>%1 · dieser Host sendet</translation>
    </message>
    <message>
        <source>%1 · the target sends</source>
        <translation>%1 · das Ziel sendet</translation>
    </message>
    <message>
        <source>repeat %1</source>
        <translation>Wiederholung %1</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>Workload: %1</source>
        <translation>Last: %1</translation>
    </message>
    <message>
        <source>Target: %1</source>
        <translation>Ziel: %1</translation>
    </message>
    <message>
        <source>%1 (far end)</source>
        <translation>%1 (Gegenstelle)</translation>
    </message>
    <message>
        <source>%1 (this host)</source>
        <translation>%1 (dieser Host)</translation>
    </message>
    <message>
        <source>this host: %1</source>
        <translation>dieser Host: %1</translation>
    </message>
    <message>
        <source>far end: %1</source>
        <translation>Gegenstelle: %1</translation>
    </message>
    <message>
        <source>changed: %1</source>
        <translation>geändert: %1</translation>
    </message>
    <message>
        <source>up %1 / down %2</source>
        <translation>Upload %1 / Download %2</translation>
    </message>
</context>
<context>
    <name>StreamWorker</name>
    <message>
        <source>the target closed the data connection</source>
        <translation>das Ziel schloss die Datenverbindung</translation>
    </message>
</context>
<context>
    <name>SweepCommand</name>
    <message>
        <source>The stored plan of experiment %1 does not parse: %2</source>
        <translation>Der gespeicherte Plan von Experiment %1 lässt sich nicht lesen: %2</translation>
    </message>
    <message>
        <source>Cannot create the folder %1; pick another --out.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden; wählen Sie ein anderes --out.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>%1 kann nicht geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>--repeats: &apos;%1&apos; is not a number of runs per point; give 1 .. 1000.</source>
        <translation>--repeats: &apos;%1&apos; ist keine Anzahl von Läufen je Punkt; geben Sie 1 .. 1000 an.</translation>
    </message>
    <message>
        <source>--duration: &apos;%1&apos; is not a number of seconds.</source>
        <translation>--duration: &apos;%1&apos; ist keine Sekundenzahl.</translation>
    </message>
    <message>
        <source>--lab applies to lab targets only; this spec&apos;s target is %1.</source>
        <translation>--lab gilt nur für Laborziele; das Ziel dieser Spezifikation ist %1.</translation>
    </message>
    <message>
        <source>Runs an experiment or sweep (a JSON spec or a preset), stores every run, and prints the result table.</source>
        <translation>Führt ein Experiment oder einen Durchlauf aus (eine JSON-Spezifikation oder eine Vorlage), speichert jeden Lauf und gibt die Ergebnistabelle aus.</translation>
    </message>
    <message>
        <source>Run a sweep.</source>
        <translation>Einen Durchlauf ausführen.</translation>
    </message>
    <message>
        <source>A spec file, or a preset: its story number (5), preset:5 or its name.</source>
        <translation>Eine Spezifikationsdatei oder eine Vorlage: ihre Szenarionummer (5), preset:5 oder ihr Name.</translation>
    </message>
    <message>
        <source>Run preset N (its story number or name).</source>
        <translation>Vorlage N ausführen (ihre Szenarionummer oder ihr Name).</translation>
    </message>
    <message>
        <source>Runs per point (overrides the spec).</source>
        <translation>Läufe je Punkt (überschreibt die Spezifikation).</translation>
    </message>
    <message>
        <source>Seconds per run (overrides the spec).</source>
        <translation>Sekunden je Lauf (überschreibt die Spezifikation).</translation>
    </message>
    <message>
        <source>Print the plan and its expected duration; run nothing.</source>
        <translation>Den Plan und seine erwartete Dauer ausgeben; nichts ausführen.</translation>
    </message>
    <message>
        <source>Write table.md, points.csv, runs.csv and results.json into DIR.</source>
        <translation>table.md, points.csv, runs.csv und results.json in ORDNER schreiben.</translation>
    </message>
    <message>
        <source>Print the results as JSON instead of a Markdown table.</source>
        <translation>Die Ergebnisse als JSON statt als Markdown-Tabelle ausgeben.</translation>
    </message>
    <message>
        <source>Run the unfinished runs of stored experiment ID.</source>
        <translation>Die unbeendeten Läufe des gespeicherten Experiments ID ausführen.</translation>
    </message>
    <message>
        <source>Use lab NAME for a lab target.</source>
        <translation>Labor NAME für ein Laborziel verwenden.</translation>
    </message>
    <message>
        <source>Remove the lab when the sweep ends.</source>
        <translation>Das Labor entfernen, wenn der Durchlauf endet.</translation>
    </message>
    <message>
        <source>Confirm link knobs of a host&apos;s own devices and core TCP features turned off (SACK, window scaling, timestamps), here and at an ssh target&apos;s far end.</source>
        <translation>Link-Knöpfe an den eigenen Geräten eines Hosts und abgeschaltete TCP-Kernfunktionen (SACK, Window Scaling, Timestamps) bestätigen, hier und am fernen Ende eines ssh-Ziels.</translation>
    </message>
    <message>
        <source>List the presets and exit.</source>
        <translation>Die Vorlagen auflisten und beenden.</translation>
    </message>
    <message>
        <source>--resume: &apos;%1&apos; is not an experiment id; &apos;tcptune results list&apos; shows them.</source>
        <translation>--resume: &apos;%1&apos; ist keine Experiment-ID; &apos;tcptune results list&apos; zeigt sie.</translation>
    </message>
    <message>
        <source>Give a spec file or a preset, e.g. &apos;tcptune sweep 5&apos; (see --list-presets).</source>
        <translation>Geben Sie eine Spezifikationsdatei oder eine Vorlage an, z. B. &apos;tcptune sweep 5&apos; (siehe --list-presets).</translation>
    </message>
    <message>
        <source>  run %1: %2, repeat %3</source>
        <translation>  Lauf %1: %2, Wiederholung %3</translation>
    </message>
    <message>
        <source>the spec</source>
        <translation>die Spezifikation</translation>
    </message>
    <message>
        <source>Experiment %1: %2 runs, %3 already done (resume with &apos;tcptune sweep --resume %1&apos;).</source>
        <translation>Experiment %1: %2 Läufe, %3 bereits fertig (fortsetzen mit &apos;tcptune sweep --resume %1&apos;).</translation>
    </message>
    <message>
        <source>%1 %2, RTT median %3 ms</source>
        <translation>%1 %2, RTT-Median %3 ms</translation>
    </message>
    <message>
        <source>  %1 (repeat %2): %3</source>
        <translation>  %1 (Wiederholung %2): %3</translation>
    </message>
    <message>
        <source>  %1/%2 runs done, about %3 left</source>
        <translation>  %1/%2 Läufe fertig, noch etwa %3</translation>
    </message>
    <message>
        <source>Stopping: restoring the knobs...</source>
        <translation>Halte an: setze die Parameter zurück...</translation>
    </message>
    <message>
        <source>Wrote table.md, points.csv, runs.csv and results.json to %1.</source>
        <translation>table.md, points.csv, runs.csv und results.json nach %1 geschrieben.</translation>
    </message>
    <message>
        <source>--ssh-config applies to ssh:// targets only; this spec&apos;s target is %1.</source>
        <translation>--ssh-config gilt nur für ssh://-Ziele; das Ziel dieser Spezifikation ist %1.</translation>
    </message>
    <message>
        <source>Run against TARGET instead: HOST[:PORT] (an agent), iperf3://HOST[:PORT] or ssh://[USER@]HOST[:PORT] (tcptune there over ssh; knobs named remote:KEY change there).</source>
        <translation>Stattdessen gegen ZIEL arbeiten: HOST[:PORT] (ein Agent), iperf3://HOST[:PORT] oder ssh://[BENUTZER@]HOST[:PORT] (tcptune dort über ssh; Knöpfe namens remote:SCHLÜSSEL ändern sich dort).</translation>
    </message>
    <message>
        <source>ssh:// targets: the ssh config file to use (ssh -F).</source>
        <translation>ssh://-Ziele: die zu verwendende ssh-Konfigurationsdatei (ssh -F).</translation>
    </message>
    <message>
        <source>%1 cannot set this sweep&apos;s far knobs: %2</source>
        <translation>%1 kann die Parameter dieses Durchlaufs auf der Gegenstelle nicht setzen: %2</translation>
    </message>
    <message>
        <source>Let the spec file choose an ssh config (target.ssh_config): such a file can make ssh run any command on this host. Without it a spec&apos;s ssh_config is refused.</source>
        <translation>Der Spec-Datei erlauben, eine ssh-Konfiguration zu wählen (target.ssh_config): Eine solche Datei kann ssh jeden Befehl auf diesem Host ausführen lassen. Ohne diese Option wird das ssh_config einer Spec abgelehnt.</translation>
    </message>
    <message>
        <source>The spec names an ssh config file (target.ssh_config &apos;%1&apos;), and such a file can make ssh run any command on this host (ProxyCommand). Nothing was run. Give the ssh config yourself with --ssh-config FILE, or pass --trust-spec if you wrote this spec or checked that file.</source>
        <translation>Die Spec nennt eine ssh-Konfigurationsdatei (target.ssh_config &apos;%1&apos;), und eine solche Datei kann ssh jeden Befehl auf diesem Host ausführen lassen (ProxyCommand). Es wurde nichts ausgeführt. Geben Sie die ssh-Konfiguration selbst mit --ssh-config DATEI an, oder geben Sie --trust-spec an, wenn Sie diese Spec geschrieben oder die Datei geprüft haben.</translation>
    </message>
    <message>
        <source>--max-repeats goes with --until-ci PCT; add it or leave --max-repeats out.</source>
        <translation>--max-repeats gehört zu --until-ci PCT; ergänzen Sie es oder lassen Sie --max-repeats weg.</translation>
    </message>
    <message>
        <source>--until-ci: &apos;%1&apos; is not a percentage of the mean; give e.g. 2 for within 2 %.</source>
        <translation>--until-ci: „%1“ ist kein Prozentsatz des Mittelwerts; geben Sie z. B. 2 für innerhalb von 2 % an.</translation>
    </message>
    <message>
        <source>--max-repeats: &apos;%1&apos; is not a number of runs of at least %2 (the least runs).</source>
        <translation>--max-repeats: „%1“ ist keine Zahl von Läufen von mindestens %2 (die wenigsten Läufe).</translation>
    </message>
    <message>
        <source>Repeat each point until its 95 % confidence interval is within PCT % of its mean (at least --repeats runs, default 3).</source>
        <translation>Jeden Punkt wiederholen, bis sein 95-%-Konfidenzintervall innerhalb von PCT % seines Mittelwerts liegt (mindestens --repeats Läufe, Vorgabe 3).</translation>
    </message>
    <message>
        <source>With --until-ci: the most runs per point (default 20).</source>
        <translation>Mit --until-ci: die meisten Läufe je Punkt (Vorgabe 20).</translation>
    </message>
    <message>
        <source>--out %1: cannot create this folder; give a folder you can write to.</source>
        <translation>--out %1: dieser Ordner kann nicht angelegt werden; geben Sie einen Ordner an, in den Sie schreiben können.</translation>
    </message>
    <message>
        <source>--out %1: cannot write into this folder (%2); give a folder you can write to.</source>
        <translation>--out %1: in diesen Ordner kann nicht geschrieben werden (%2); geben Sie einen Ordner an, in den Sie schreiben können.</translation>
    </message>
    <message>
        <source>The sweep was stopped; nothing was checked.</source>
        <translation>Die Messreihe wurde angehalten; nichts wurde geprüft.</translation>
    </message>
    <message>
        <source>No table: %1 After &apos;tcptune results sync&apos;, &apos;tcptune results show %2&apos; prints it.</source>
        <translation>Keine Tabelle: %1 Nach „tcptune results sync“ gibt „tcptune results show %2“ sie aus.</translation>
    </message>
</context>
<context>
    <name>SweepPlan</name>
    <message>
        <source>unknown field; use from, to, steps, scale.</source>
        <translation>unbekanntes Feld; verwenden Sie from, to, steps, scale.</translation>
    </message>
    <message>
        <source>%1 is not a number knob; list its values instead of a range.</source>
        <translation>%1 ist kein Zahlenparameter; zählen Sie seine Werte auf statt eines Bereichs.</translation>
    </message>
    <message>
        <source>expected a value such as &quot;64K&quot; or 65536.</source>
        <translation>ein Wert wie &quot;64K&quot; oder 65536 erwartet.</translation>
    </message>
    <message>
        <source>expected the number of values, a whole number 2 .. 1000.</source>
        <translation>Anzahl der Werte erwartet, eine ganze Zahl von 2 .. 1000.</translation>
    </message>
    <message>
        <source>use &quot;linear&quot; or &quot;log&quot;.</source>
        <translation>verwenden Sie &quot;linear&quot; oder &quot;log&quot;.</translation>
    </message>
    <message>
        <source>a log range needs from and to above 0.</source>
        <translation>ein logarithmischer Bereich braucht from und to über 0.</translation>
    </message>
    <message>
        <source>no parameter named.</source>
        <translation>kein Parameter genannt.</translation>
    </message>
    <message>
        <source>the axis over %1 has no values; give at least one.</source>
        <translation>die Achse über %1 hat keine Werte; geben Sie mindestens einen an.</translation>
    </message>
    <message>
        <source>%1 is named twice.</source>
        <translation>%1 ist zweimal genannt.</translation>
    </message>
    <message>
        <source>%1 is already swept by another axis; a 2-D sweep needs two different parameters.</source>
        <translation>%1 wird bereits von einer anderen Achse durchlaufen; ein 2-D-Durchlauf braucht zwei verschiedene Parameter.</translation>
    </message>
    <message>
        <source>the value %1 appears twice on this axis.</source>
        <translation>der Wert %1 kommt auf dieser Achse zweimal vor.</translation>
    </message>
    <message>
        <source>at most %1 axes.</source>
        <translation>höchstens %1 Achsen.</translation>
    </message>
    <message>
        <source>give %1 values, one per parameter.</source>
        <translation>geben Sie %1 Werte an, einen je Parameter.</translation>
    </message>
    <message>
        <source>Experiment: %1</source>
        <translation>Experiment: %1</translation>
    </message>
    <message>
        <source>(unnamed)</source>
        <translation>(unbenannt)</translation>
    </message>
    <message>
        <source>Target: %1</source>
        <translation>Ziel: %1</translation>
    </message>
    <message>
        <source>Workload: %1, %2 stream(s), %3 s per run (%4 s omitted), sampling every %5 ms%6</source>
        <translation>Last: %1, %2 Strom/Ströme, %3 s je Lauf (%4 s ausgelassen), Abtastung alle %5 ms%6</translation>
    </message>
    <message>
        <source>, with capture</source>
        <translation>, mit Mitschnitt</translation>
    </message>
    <message>
        <source>Knob: %1 = %2</source>
        <translation>Parameter: %1 = %2</translation>
    </message>
    <message>
        <source>Axis %1: %2 = %3</source>
        <translation>Achse %1: %2 = %3</translation>
    </message>
    <message>
        <source>Points: %1, repeats: %2, runs: %3, order: %4</source>
        <translation>Punkte: %1, Wiederholungen: %2, Läufe: %3, Reihenfolge: %4</translation>
    </message>
    <message>
        <source>shuffled (seed %1)</source>
        <translation>gemischt (Startwert %1)</translation>
    </message>
    <message>
        <source>in sequence</source>
        <translation>der Reihe nach</translation>
    </message>
    <message>
        <source>Expected duration: about %1 s</source>
        <translation>Erwartete Dauer: etwa %1 s</translation>
    </message>
    <message>
        <source>expected an object with &quot;axes&quot;.</source>
        <translation>ein Objekt mit &quot;axes&quot; erwartet.</translation>
    </message>
    <message>
        <source>unknown field; known fields here are: axes, shuffle, seed.</source>
        <translation>unbekanntes Feld; bekannte Felder hier sind: axes, shuffle, seed.</translation>
    </message>
    <message>
        <source>expected a list of axes.</source>
        <translation>eine Liste von Achsen erwartet.</translation>
    </message>
    <message>
        <source>%1 axes given; at most %2 are supported.</source>
        <translation>%1 Achsen angegeben; höchstens %2 werden unterstützt.</translation>
    </message>
    <message>
        <source>expected an object with &quot;parameter&quot; and &quot;values&quot;.</source>
        <translation>ein Objekt mit &quot;parameter&quot; und &quot;values&quot; erwartet.</translation>
    </message>
    <message>
        <source>unknown field; use parameter (or parameters) with values or range.</source>
        <translation>unbekanntes Feld; verwenden Sie parameter (oder parameters) mit values oder range.</translation>
    </message>
    <message>
        <source>expected a string.</source>
        <translation>eine Zeichenkette erwartet.</translation>
    </message>
    <message>
        <source>name the swept knob, e.g. &quot;parameter&quot;: &quot;socket.SO_SNDBUF&quot;.</source>
        <translation>nennen Sie den durchlaufenen Parameter, z. B. &quot;parameter&quot;: &quot;socket.SO_SNDBUF&quot;.</translation>
    </message>
    <message>
        <source>%1 is not a sweepable workload parameter; use one of: %2.</source>
        <translation>%1 ist kein durchlaufbarer Lastparameter; verwenden Sie einen von: %2.</translation>
    </message>
    <message>
        <source>a range sweeps one parameter; list tuples for several.</source>
        <translation>ein Bereich durchläuft einen Parameter; zählen Sie für mehrere Tupel auf.</translation>
    </message>
    <message>
        <source>expected {&quot;from&quot;, &quot;to&quot;, &quot;steps&quot;}.</source>
        <translation>{&quot;from&quot;, &quot;to&quot;, &quot;steps&quot;} erwartet.</translation>
    </message>
    <message>
        <source>expected a list of values (or a &quot;range&quot;).</source>
        <translation>eine Liste von Werten (oder ein &quot;range&quot;) erwartet.</translation>
    </message>
    <message>
        <source>expected a list of %1 values.</source>
        <translation>eine Liste von %1 Werten erwartet.</translation>
    </message>
    <message>
        <source>expected scalar values.</source>
        <translation>einfache Werte erwartet.</translation>
    </message>
    <message>
        <source>expected true or false.</source>
        <translation>true oder false erwartet.</translation>
    </message>
    <message>
        <source>expected a whole number 0 .. 4294967295.</source>
        <translation>eine ganze Zahl 0 .. 4294967295 erwartet.</translation>
    </message>
    <message>
        <source>more than %1 runs; reduce values or repeats.</source>
        <translation>mehr als %1 Läufe; verringern Sie Werte oder Wiederholungen.</translation>
    </message>
    <message>
        <source>%1 has no range; list its values.</source>
        <translation>%1 hat keinen Bereich; zählen Sie seine Werte auf.</translation>
    </message>
    <message>
        <source>In the lab: %1</source>
        <translation>Im Labor: %1</translation>
    </message>
    <message>
        <source>Runs on this host: %1</source>
        <translation>Führt auf diesem Host aus: %1</translation>
    </message>
    <message>
        <source>Then more runs of each point until its 95 % CI is within %1 % of its mean, up to %2 runs a point (%3 in all).</source>
        <translation>Dann weitere Läufe je Punkt, bis sein 95-%-KI innerhalb von %1 % seines Mittelwerts liegt, höchstens %2 Läufe je Punkt (%3 insgesamt).</translation>
    </message>
</context>
<context>
    <name>SweepTableMarkdown</name>
    <message>
        <source>↓ marks a run whose throughput collapsed (last third below half of the first third).</source>
        <translation>↓ markiert einen Lauf, dessen Durchsatz einbrach (letztes Drittel unter der Hälfte des ersten Drittels).</translation>
    </message>
    <message>
        <source>Experiment %1, %2, target %3, %4 s per run, %5; %6 of %7 runs done.</source>
        <translation>Experiment %1, %2, Ziel %3, %4 s je Lauf, %5; %6 von %7 Läufen fertig.</translation>
    </message>
    <message>
        <source>point</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>throughput %1 (mean ± sd)</source>
        <translation>Durchsatz %1 (Mittel ± Stdabw.)</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>RTT median ms</source>
        <translation>RTT-Median ms</translation>
    </message>
    <message>
        <source>RTT p95 ms</source>
        <translation>RTT p95 ms</translation>
    </message>
    <message>
        <source>flags</source>
        <translation>Markierungen</translation>
    </message>
    <message>
        <source>per run %1</source>
        <translation>je Lauf %1</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>Spezifikation</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Failed runs:</source>
        <translation>Fehlgeschlagene Läufe:</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>95 % CI %1</source>
        <translation>95-%-KI %1</translation>
    </message>
    <message>
        <source>p vs first</source>
        <translation>p ggü. erstem</translation>
    </message>
    <message>
        <source>%1 ± – (1 run)</source>
        <translation>%1 ± – (1 Lauf)</translation>
    </message>
    <message>
        <source>%1 repeat(s)</source>
        <translation>%1 Wiederholung(en)</translation>
    </message>
    <message>
        <source>%1 to %2 repeats until the 95 % CI is within %3 %</source>
        <translation>%1 bis %2 Wiederholungen, bis das 95-%-KI innerhalb von %3 % liegt</translation>
    </message>
    <message>
        <source>95 % CI: Student-t interval of the mean over the runs; p vs first: Welch&apos;s test against the first point (docs/statistics.md).</source>
        <translation>95-%-KI: Student-t-Intervall des Mittelwerts über die Läufe; p ggü. erstem: Welch-Test gegen den ersten Punkt (docs/statistics.md).</translation>
    </message>
    <message>
        <source>Every point&apos;s 95 % CI came within %1 % of its mean.</source>
        <translation>Das 95-%-KI jedes Punkts liegt innerhalb von %1 % seines Mittelwerts.</translation>
    </message>
    <message>
        <source>Not within %1 % after %2 runs: %3.</source>
        <translation>Nicht innerhalb von %1 % nach %2 Läufen: %3.</translation>
    </message>
    <message>
        <source>- %1 (repeat %2): %3 (%4, %5 packets, %6 dropped)</source>
        <translation>- %1 (Wiederholung %2): %3 (%4, %5 Pakete, %6 verworfen)</translation>
    </message>
    <message>
        <source>Captures (&apos;tcptune analyze FILE&apos; analyses one):</source>
        <translation>Mitschnitte (&apos;tcptune analyze DATEI&apos; analysiert einen):</translation>
    </message>
    <message>
        <source>idle latency ms</source>
        <translation>Ruhelatenz ms</translation>
    </message>
    <message>
        <source>latency under load ms</source>
        <translation>Latenz unter Last ms</translation>
    </message>
    <message>
        <source>under load</source>
        <translation>unter Last</translation>
    </message>
    <message>
        <source>probes lost</source>
        <translation>Sonden verloren</translation>
    </message>
</context>
<context>
    <name>SysctlWriter</name>
    <message>
        <source>%1 is a %2 knob, not a kernel sysctl; the helper only changes sysctls.</source>
        <translation>%1 ist ein Parameter der Art %2, kein Kernel-Sysctl; der Helfer ändert nur Sysctls.</translation>
    </message>
    <message>
        <source>%1 is outside /proc/sys/net; the helper does not change it.</source>
        <translation>%1 liegt außerhalb von /proc/sys/net; der Helfer ändert es nicht.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a tcptune namespace; the helper only enters namespaces whose names start with &apos;tcptune-&apos;.</source>
        <translation>&apos;%1&apos; ist kein tcptune-Namensraum; der Helfer betritt nur Namensräume, deren Namen mit &apos;tcptune-&apos; beginnen.</translation>
    </message>
    <message>
        <source>%1 is global: it exists only in the host (init) namespace, not per namespace. Set it without --netns.</source>
        <translation>%1 ist global: es existiert nur im Namensraum des Hosts (init), nicht je Namensraum. Setzen Sie es ohne --netns.</translation>
    </message>
    <message>
        <source>Network namespace %1 does not exist; start the lab with &apos;tcptune lab up&apos;.</source>
        <translation>Der Netzwerk-Namensraum %1 existiert nicht; starten Sie das Labor mit &apos;tcptune lab up&apos;.</translation>
    </message>
    <message>
        <source>%1 cannot be read (%2); this kernel may not have it.</source>
        <translation>%1 kann nicht gelesen werden (%2); dieser Kernel hat es vielleicht nicht.</translation>
    </message>
    <message>
        <source>Refusing to write %1: only the catalogue&apos;s sysctls under /proc/sys/net are changed.</source>
        <translation>Schreiben von %1 verweigert: nur die Sysctls des Katalogs unter /proc/sys/net werden geändert.</translation>
    </message>
    <message>
        <source>Cannot open %1 for writing: %2.</source>
        <translation>%1 kann nicht zum Schreiben geöffnet werden: %2.</translation>
    </message>
    <message>
        <source>The kernel refused %1 = %2: %3.</source>
        <translation>Der Kernel hat %1 = %2 abgelehnt: %3.</translation>
    </message>
</context>
<context>
    <name>TcpFlowAnalyzer</name>
    <message>
        <source>%1 is not a capture file that tcptune can read (%2). Give a pcap or pcapng file, as written by tcpdump, Wireshark or tcptune.</source>
        <translation>%1 ist keine Mitschnittdatei, die tcptune lesen kann (%2). Geben Sie eine pcap- oder pcapng-Datei an, wie tcpdump, Wireshark oder tcptune sie schreiben.</translation>
    </message>
    <message>
        <source>%1 ends inside its file header (%2), so it holds no packets. Record the capture again.</source>
        <translation>%1 endet innerhalb des Dateikopfs (%2) und enthält daher keine Pakete. Zeichnen Sie den Mitschnitt erneut auf.</translation>
    </message>
    <message>
        <source>Cannot read the capture %1: %2</source>
        <translation>Der Mitschnitt %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 uses the link type %2 (%3), which tcptune cannot decode. Supported: %4. Capture on an Ethernet, loopback or &apos;any&apos; interface, or convert the file with editcap.</source>
        <translation>%1 verwendet den Link-Typ %2 (%3), den tcptune nicht dekodieren kann. Unterstützt: %4. Zeichnen Sie auf einem Ethernet-, Loopback- oder &apos;any&apos;-Interface auf oder wandeln Sie die Datei mit editcap um.</translation>
    </message>
    <message>
        <source>The capture ends in the middle of packet %1 (byte offset %2): %3. The %4 packets before it were analysed; the file was probably copied while it was being written.</source>
        <translation>Der Mitschnitt endet mitten in Paket %1 (Byte-Offset %2): %3. Die %4 Pakete davor wurden analysiert; die Datei wurde wahrscheinlich kopiert, während sie noch geschrieben wurde.</translation>
    </message>
    <message>
        <source>The capture is damaged at packet %1 (byte offset %2): %3. The %4 packets before it were analysed; Wireshark stops reading at the same place.</source>
        <translation>Der Mitschnitt ist bei Paket %1 (Byte-Offset %2) beschädigt: %3. Die %4 Pakete davor wurden analysiert; Wireshark hört an derselben Stelle auf zu lesen.</translation>
    </message>
    <message>
        <source>Reading the capture failed at packet %1 (byte offset %2): %3. The %4 packets before it were analysed.</source>
        <translation>Das Lesen des Mitschnitts schlug bei Paket %1 (Byte-Offset %2) fehl: %3. Die %4 Pakete davor wurden analysiert.</translation>
    </message>
    <message>
        <source>tcptune stopped after packet %1 (at byte offset %2): analysing this capture needs more than the %3 MB of memory allowed (%4 flows so far); the packets up to it were analysed. Analyse a part of the capture (editcap -c 1000000 FILE part.pcap splits it; tcpdump -r FILE -w part.pcap &apos;port 5201&apos; keeps one flow) or allow more memory (tcptune analyze --max-memory MB).</source>
        <translation>tcptune hörte nach Paket %1 (bei Byte-Offset %2) auf: Die Analyse dieses Mitschnitts bräuchte mehr als die erlaubten %3 MB Speicher (%4 Flows bisher); die Pakete bis dahin wurden analysiert. Analysieren Sie einen Teil des Mitschnitts (editcap -c 1000000 DATEI teil.pcap teilt es; tcpdump -r DATEI -w teil.pcap &apos;port 5201&apos; behält einen Flow) oder erlauben Sie mehr Speicher (tcptune analyze --max-memory MB).</translation>
    </message>
    <message>
        <source>The analysis of %1 was cancelled.</source>
        <translation>Die Analyse von %1 wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The interval %1 s is out of range; give a number of seconds from 0.000001 to 1000000.</source>
        <translation>Das Intervall %1 s liegt außerhalb des Bereichs; geben Sie eine Zahl von Sekunden zwischen 0,000001 und 1000000 an.</translation>
    </message>
    <message>
        <source>The series resolution must be a positive number of seconds.</source>
        <translation>Die Auflösung der Reihen muss eine positive Zahl von Sekunden sein.</translation>
    </message>
    <message>
        <source>The capture file %1 does not exist; check the path.</source>
        <translation>Die Mitschnittdatei %1 existiert nicht; prüfen Sie den Pfad.</translation>
    </message>
    <message>
        <source>%1 is not a file; give the path of a pcap or pcapng capture.</source>
        <translation>%1 ist keine Datei; geben Sie den Pfad eines pcap- oder pcapng-Mitschnitts an.</translation>
    </message>
    <message>
        <source>The capture file %1 is empty (0 bytes): it holds no packets. Record the capture again.</source>
        <translation>Die Mitschnittdatei %1 ist leer (0 Bytes): sie enthält keine Pakete. Zeichnen Sie den Mitschnitt erneut auf.</translation>
    </message>
</context>
<context>
    <name>TcptuneHelper</name>
    <message>
        <source>Usage: tcptune-helper [--journal-dir DIR]
The privileged half of tcptune. tcptune starts it as root (directly, through pkexec or through &apos;sudo -n&apos;) and sends it one JSON request per line on stdin; it answers one JSON reply per line on stdout. It changes only the kernel knobs of its compiled-in catalogue and the network namespaces of tcptune&apos;s lab, journals every change under /run/tcptune before making it, and rolls every change back when stdin closes, on SIGTERM, SIGHUP or SIGINT, on a &apos;restore&apos; request, and at its next start after a crash. Users do not run it themselves.

Options:
  --journal-dir &lt;DIR&gt;  Keep the journal in DIR, a folder below /run/tcptune.
  -h, --help           Print this help and exit.
  --version            Print the version and exit.
</source>
        <translation>Aufruf: tcptune-helper [--journal-dir ORDNER]
Die privilegierte Hälfte von tcptune. tcptune startet ihn als root (direkt, über pkexec oder über &apos;sudo -n&apos;) und schickt ihm eine JSON-Anfrage pro Zeile auf stdin; er antwortet mit einer JSON-Antwort pro Zeile auf stdout. Er ändert nur die Kernel-Parameter seines eingebauten Katalogs und die Netzwerk-Namensräume des tcptune-Labors, protokolliert jede Änderung vorher im Journal unter /run/tcptune und nimmt jede Änderung zurück, wenn stdin schließt, bei SIGTERM, SIGHUP oder SIGINT, bei einer &apos;restore&apos;-Anfrage und beim nächsten Start nach einem Absturz. Benutzer starten ihn nicht selbst.

Optionen:
  --journal-dir &lt;ORDNER&gt;  Das Journal in ORDNER führen, einem Ordner unterhalb von /run/tcptune.
  -h, --help              Diese Hilfe ausgeben und beenden.
  --version               Die Version ausgeben und beenden.
</translation>
    </message>
    <message>
        <source>Unknown argument &apos;%1&apos;. Usage: tcptune-helper [--journal-dir /run/tcptune/DIR]</source>
        <translation>Unbekanntes Argument &apos;%1&apos;. Aufruf: tcptune-helper [--journal-dir /run/tcptune/ORDNER]</translation>
    </message>
    <message>
        <source>tcptune-helper must run as root: start it through tcptune, which uses pkexec or &apos;sudo -n&apos;, or run tcptune as root.</source>
        <translation>tcptune-helper muss als root laufen: starten Sie ihn über tcptune, das pkexec oder &apos;sudo -n&apos; verwendet, oder starten Sie tcptune als root.</translation>
    </message>
    <message>
        <source>Request line longer than %1 bytes; it is ignored.</source>
        <translation>Anfragezeile länger als %1 Bytes; sie wird ignoriert.</translation>
    </message>
    <message>
        <source>Input ended in the middle of a request (no newline); it is ignored.</source>
        <translation>Die Eingabe endete mitten in einer Anfrage (kein Zeilenende); sie wird ignoriert.</translation>
    </message>
    <message>
        <source>The request announces %1 descriptor(s) but %2 arrived with it; send them over the helper&apos;s Unix socket.</source>
        <translation>Die Anfrage kündigt %1 Deskriptor(en) an, aber %2 kamen mit ihr an; senden Sie sie über den Unix-Socket des Helfers.</translation>
    </message>
</context>
<context>
    <name>TerminationSignals</name>
    <message>
        <source>Cannot watch for Ctrl-C and SIGTERM: %1</source>
        <translation>Strg+C und SIGTERM können nicht überwacht werden: %1</translation>
    </message>
    <message>
        <source>Termination signals are already being watched in this process.</source>
        <translation>Beendigungssignale werden in diesem Prozess bereits überwacht.</translation>
    </message>
</context>
<context>
    <name>TuneCommand</name>
    <message>
        <source>Tunes the knobs of a spec&apos;s target: runs the spec, reads the verdict, tries the knobs it points at, keeps what is significantly better, and prints the recommended changes.</source>
        <translation>Stimmt die Knöpfe des Ziels einer Spezifikation ab: führt die Spezifikation aus, liest den Befund, probiert die Knöpfe, auf die er zeigt, behält, was signifikant besser ist, und gibt die empfohlenen Änderungen aus.</translation>
    </message>
    <message>
        <source>Tune a spec&apos;s knobs.</source>
        <translation>Die Knöpfe einer Spezifikation abstimmen.</translation>
    </message>
    <message>
        <source>A spec file; its optional &quot;tune&quot; object says what to tune for.</source>
        <translation>Eine Spezifikationsdatei; ihr optionales Objekt &quot;tune&quot; sagt, worauf abgestimmt wird.</translation>
    </message>
    <message>
        <source>Tune %1: %2 runs stored before (resume with &apos;tcptune tune --resume %1&apos;).</source>
        <translation>Abstimmung %1: %2 Läufe schon gespeichert (fortsetzen mit &apos;tcptune tune --resume %1&apos;).</translation>
    </message>
    <message>
        <source>tcptune tune %1</source>
        <translation>tcptune tune %1</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1 geschrieben.</translation>
    </message>
</context>
<context>
    <name>TuneExportsWriter</name>
    <message>
        <source>Cannot write %1: %2. Choose a folder you may write to.</source>
        <translation>%1 kann nicht geschrieben werden: %2. Wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <source>--export-end: &apos;%1&apos; is not an end; give local (this end) or remote (the far end).</source>
        <translation>--export-end: &apos;%1&apos; ist kein Ende; geben Sie local (dieses Ende) oder remote (das ferne Ende) an.</translation>
    </message>
</context>
<context>
    <name>TuneJobRunner</name>
    <message>
        <source>%1 Mbit/s, RTT p95 %2 ms</source>
        <translation>%1 Mbit/s, RTT p95 %2 ms</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>die Ausgangsmessung</translation>
    </message>
    <message>
        <source>  trial %1 (%2), repeat %3, stored run: %4</source>
        <translation>  Versuch %1 (%2), Wiederholung %3, gespeicherter Lauf: %4</translation>
    </message>
    <message>
        <source>  trial %1 (%2), repeat %3: %4</source>
        <translation>  Versuch %1 (%2), Wiederholung %3: %4</translation>
    </message>
    <message>
        <source>Experiment %1 is not a tune: resume it with &apos;tcptune sweep --resume %1&apos;.</source>
        <translation>Experiment %1 ist keine Abstimmung: Setzen Sie es mit &apos;tcptune sweep --resume %1&apos; fort.</translation>
    </message>
    <message>
        <source>Experiment %1 cannot be resumed: its stored plan no longer parses (%2).</source>
        <translation>Experiment %1 kann nicht fortgesetzt werden: Sein gespeicherter Plan lässt sich nicht mehr lesen (%2).</translation>
    </message>
    <message>
        <source>Experiment %1 cannot be resumed: its stored tune no longer parses (%2).</source>
        <translation>Experiment %1 kann nicht fortgesetzt werden: Seine gespeicherte Abstimmung lässt sich nicht mehr lesen (%2).</translation>
    </message>
</context>
<context>
    <name>TuneOptions</name>
    <message>
        <source>Cannot read the spec %1: %2. Give a spec file (docs/experiment-spec.md).</source>
        <translation>Die Spezifikation %1 kann nicht gelesen werden: %2. Geben Sie eine Spezifikationsdatei an (docs/experiment-spec.md).</translation>
    </message>
    <message>
        <source>The spec %1 is a sweep: the tuner chooses the values itself. Take out its &quot;sweep&quot; and give the starting knobs in &quot;knobs&quot;.</source>
        <translation>Die Spezifikation %1 ist eine Messreihe: Die Abstimmung wählt die Werte selbst. Entfernen Sie ihr &quot;sweep&quot; und geben Sie die Ausgangsknöpfe in &quot;knobs&quot; an.</translation>
    </message>
    <message>
        <source>--resume: &apos;%1&apos; is not an experiment id; &apos;tcptune results list&apos; shows them.</source>
        <translation>--resume: &apos;%1&apos; ist keine Experiment-ID; &apos;tcptune results list&apos; zeigt sie.</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a whole number from %3 to %4.</source>
        <translation>--%1: &apos;%2&apos; ist keine ganze Zahl von %3 bis %4.</translation>
    </message>
    <message>
        <source>--%1: &apos;%2&apos; is not a number from %3 to %4.</source>
        <translation>--%1: &apos;%2&apos; ist keine Zahl von %3 bis %4.</translation>
    </message>
    <message>
        <source>--goal: &apos;%1&apos; is not a goal; give throughput, latency or rr.</source>
        <translation>--goal: &apos;%1&apos; ist kein Ziel; geben Sie throughput, latency oder rr an.</translation>
    </message>
    <message>
        <source>--leave-alone: %1</source>
        <translation>--leave-alone: %1</translation>
    </message>
    <message>
        <source>--ends: &apos;%1&apos; is not an end; give local, remote or local,remote.</source>
        <translation>--ends: &apos;%1&apos; ist kein Ende; geben Sie local, remote oder local,remote an.</translation>
    </message>
    <message>
        <source>What to tune for: throughput (default), latency (RTT p95) or rr (transactions/s).</source>
        <translation>Worauf abgestimmt wird: throughput (Vorgabe), latency (RTT p95) oder rr (Transaktionen/s).</translation>
    </message>
    <message>
        <source>Latency goal: the share of the best throughput a candidate must keep (default 90).</source>
        <translation>Ziel Latenz: der Anteil am besten Durchsatz, den ein Kandidat behalten muss (Vorgabe 90).</translation>
    </message>
    <message>
        <source>At most N runs, the baseline&apos;s included (default 60).</source>
        <translation>Höchstens N Läufe, die der Ausgangsmessung eingeschlossen (Vorgabe 60).</translation>
    </message>
    <message>
        <source>At most S seconds of runs.</source>
        <translation>Höchstens S Sekunden Läufe.</translation>
    </message>
    <message>
        <source>Knobs the tuner never moves (remote:KEY for the far end&apos;s).</source>
        <translation>Knöpfe, die die Abstimmung nie verstellt (remote:KEY für die des fernen Endes).</translation>
    </message>
    <message>
        <source>Whose knobs may change: local, remote or local,remote (default).</source>
        <translation>Wessen Knöpfe sich ändern dürfen: local, remote oder local,remote (Vorgabe).</translation>
    </message>
    <message>
        <source>Let the tuner change this host&apos;s own knobs (targets other than the lab).</source>
        <translation>Der Abstimmung erlauben, die eigenen Knöpfe dieses Rechners zu ändern (Ziele außer dem Labor).</translation>
    </message>
    <message>
        <source>Continue stored tune ID: its runs are reused, then new ones follow.</source>
        <translation>Die gespeicherte Abstimmung ID fortsetzen: Ihre Läufe werden wiederverwendet, dann folgen neue.</translation>
    </message>
    <message>
        <source>Print the answer as JSON.</source>
        <translation>Die Antwort als JSON ausgeben.</translation>
    </message>
    <message>
        <source>Write the recommended sysctls as a sysctl.d file.</source>
        <translation>Die empfohlenen Sysctls als sysctl.d-Datei schreiben.</translation>
    </message>
    <message>
        <source>Write the recommendation as a tuned profile.</source>
        <translation>Die Empfehlung als tuned-Profil schreiben.</translation>
    </message>
    <message>
        <source>Write the recommendation as a shell script.</source>
        <translation>Die Empfehlung als Shell-Skript schreiben.</translation>
    </message>
    <message>
        <source>Whose changes the exports hold: local (default) or remote.</source>
        <translation>Wessen Änderungen die Exporte enthalten: local (Vorgabe) oder remote.</translation>
    </message>
    <message>
        <source>Say what the tuner would try and within which budget; run nothing.</source>
        <translation>Sagen, was die Abstimmung probieren würde und mit welchem Budget; nichts ausführen.</translation>
    </message>
    <message>
        <source>Let the spec file choose an ssh config (target.ssh_config).</source>
        <translation>Der Spezifikationsdatei erlauben, eine ssh-Konfiguration zu wählen (target.ssh_config).</translation>
    </message>
    <message>
        <source>ssh:// targets: the ssh config file to use (ssh -F).</source>
        <translation>ssh://-Ziele: die zu verwendende ssh-Konfigurationsdatei (ssh -F).</translation>
    </message>
    <message>
        <source>Confirm link knobs of a host&apos;s own devices and core TCP features turned off.</source>
        <translation>Link-Knöpfe der eigenen Geräte eines Rechners und abgeschaltete TCP-Kernfunktionen bestätigen.</translation>
    </message>
    <message>
        <source>Give a spec file (&apos;tcptune tune SPEC.json&apos;) or --resume ID, one of them.</source>
        <translation>Geben Sie eine Spezifikationsdatei (&apos;tcptune tune SPEC.json&apos;) oder --resume ID an, eines von beiden.</translation>
    </message>
    <message>
        <source>--ssh-config applies to ssh:// targets only; this spec&apos;s target is %1.</source>
        <translation>--ssh-config gilt nur für ssh://-Ziele; das Ziel dieser Spezifikation ist %1.</translation>
    </message>
</context>
<context>
    <name>TuneOutput</name>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>%1 ms (RTT p95)</source>
        <translation>%1 ms (RTT p95)</translation>
    </message>
    <message>
        <source>%1 transactions/s</source>
        <translation>%1 Transaktionen/s</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>kein Befund</translation>
    </message>
    <message>
        <source>  %1: %2 -&gt; %3 (%4, 95 % interval %5 .. %6, p %7)</source>
        <translation>  %1: %2 -&gt; %3 (%4, 95-%-Intervall %5 .. %6, p %7)</translation>
    </message>
    <message>
        <source>the socket&apos;s end</source>
        <translation>dem Ende des Sockets</translation>
    </message>
    <message>
        <source>this end</source>
        <translation>diesem Ende</translation>
    </message>
    <message>
        <source>the far end</source>
        <translation>dem fernen Ende</translation>
    </message>
    <message>
        <source>raised</source>
        <translation>erhöht</translation>
    </message>
    <message>
        <source>lowered</source>
        <translation>gesenkt</translation>
    </message>
    <message>
        <source>each choice</source>
        <translation>jede Wahl</translation>
    </message>
    <message>
        <source>a whole round of candidates won nothing</source>
        <translation>eine ganze Runde von Kandidaten hat nichts gewonnen</translation>
    </message>
    <message>
        <source>the path is full: the flow already runs at the path&apos;s rate, no knob can win more</source>
        <translation>der Pfad ist voll: Der Fluss läuft schon mit der Rate des Pfads, kein Knopf kann mehr gewinnen</translation>
    </message>
    <message>
        <source>the budget is spent</source>
        <translation>das Budget ist aufgebraucht</translation>
    </message>
    <message>
        <source>it was stopped</source>
        <translation>sie wurde angehalten</translation>
    </message>
    <message>
        <source>the verdict points at no knob the tuner may change</source>
        <translation>der Befund zeigt auf keinen Knopf, den die Abstimmung ändern darf</translation>
    </message>
    <message>
        <source>the baseline&apos;s runs failed</source>
        <translation>die Läufe der Ausgangsmessung sind fehlgeschlagen</translation>
    </message>
    <message>
        <source>Tune of %1 against %2, direction %3, goal %4.</source>
        <translation>Abstimmung von %1 gegen %2, Richtung %3, Ziel %4.</translation>
    </message>
    <message>
        <source>the spec</source>
        <translation>der Spezifikation</translation>
    </message>
    <message>
        <source>Knobs that may change: %1.</source>
        <translation>Knöpfe, die sich ändern dürfen: %1.</translation>
    </message>
    <message>
        <source>this end&apos;s and the far end&apos;s</source>
        <translation>die dieses Endes und des fernen Endes</translation>
    </message>
    <message>
        <source>this end&apos;s</source>
        <translation>die dieses Endes</translation>
    </message>
    <message>
        <source>the far end&apos;s</source>
        <translation>die des fernen Endes</translation>
    </message>
    <message>
        <source>First the baseline: %1 runs of the spec&apos;s knobs. Then, after each verdict, the knobs it points at, each candidate raced in %2 to %3 runs against the best so far (Welch, alpha %4):</source>
        <translation>Zuerst die Ausgangsmessung: %1 Läufe mit den Knöpfen der Spezifikation. Dann, nach jedem Befund, die Knöpfe, auf die er zeigt, jeder Kandidat in %2 bis %3 Läufen gegen den bisher besten verglichen (Welch, alpha %4):</translation>
    </message>
    <message>
        <source>  %1: %2 at %3, %4</source>
        <translation>  %1: %2 an %3, %4</translation>
    </message>
    <message>
        <source>Budget: at most %1 runs and %2 s.</source>
        <translation>Budget: höchstens %1 Läufe und %2 s.</translation>
    </message>
    <message>
        <source>Budget: at most %1 runs of %2 s each.</source>
        <translation>Budget: höchstens %1 Läufe von je %2 s.</translation>
    </message>
    <message>
        <source>Tune %1 (goal %2) stopped: %3. Runs used: %4 (%5 of them stored before).</source>
        <translation>Abstimmung %1 (Ziel %2) beendet: %3. Verwendete Läufe: %4 (%5 davon schon gespeichert).</translation>
    </message>
    <message>
        <source>Before: %1. %2</source>
        <translation>Vorher: %1. %2</translation>
    </message>
    <message>
        <source>No change recommended: the starting knobs stay.</source>
        <translation>Keine Änderung empfohlen: Die Ausgangsknöpfe bleiben.</translation>
    </message>
    <message>
        <source>After: %1. %2</source>
        <translation>Nachher: %1. %2</translation>
    </message>
    <message>
        <source>Gain: %1 (95 % interval %2 .. %3, p %4).</source>
        <translation>Gewinn: %1 (95-%-Intervall %2 .. %3, p %4).</translation>
    </message>
    <message>
        <source>Recommended at the far end:</source>
        <translation>Empfohlen am fernen Ende:</translation>
    </message>
    <message>
        <source>Recommended at this end:</source>
        <translation>Empfohlen an diesem Ende:</translation>
    </message>
</context>
<context>
    <name>TuneTarget</name>
    <message>
        <source>tcptune tune tunes one path, and this spec names %1 targets: give one target (--target) and tune each end in a run of its own.</source>
        <translation>tcptune tune stimmt einen Pfad ab, und diese Spezifikation nennt %1 Ziele: Geben Sie ein Ziel an (--target) und stimmen Sie jedes Ende in einem eigenen Durchgang ab.</translation>
    </message>
    <message>
        <source>tcptune tune needs one direction, and this spec&apos;s is &apos;%1&apos;: with both, each end sends and receives, so no knob has one role. Set workload.direction to up or down.</source>
        <translation>tcptune tune braucht eine Richtung, und die dieser Spezifikation ist &apos;%1&apos;: Bei beiden sendet und empfängt jedes Ende, also hat kein Knopf eine einzige Rolle. Setzen Sie workload.direction auf up oder down.</translation>
    </message>
    <message>
        <source>The spec&apos;s tune lets no end change (tune.ends.local and tune.ends.remote are both false): let one of them change.</source>
        <translation>Die Abstimmung der Spezifikation lässt kein Ende sich ändern (tune.ends.local und tune.ends.remote sind beide false): Lassen Sie eines davon sich ändern.</translation>
    </message>
    <message>
        <source>An iperf3 server&apos;s knobs cannot change, and this tune may change only the far end&apos;s: tune this end (--ends local, with --host for this host&apos;s knobs) or use an ssh:// target.</source>
        <translation>Die Knöpfe eines iperf3-Servers können sich nicht ändern, und diese Abstimmung darf nur die des fernen Endes ändern: Stimmen Sie dieses Ende ab (--ends local, mit --host für die Knöpfe dieses Rechners) oder verwenden Sie ein ssh://-Ziel.</translation>
    </message>
    <message>
        <source>Nothing can change in this tune: against %1 only this host&apos;s own knobs could, and they change only with --host (tune.ends.host); or use a lab or an ssh:// target.</source>
        <translation>In dieser Abstimmung kann sich nichts ändern: Gegen %1 könnten es nur die eigenen Knöpfe dieses Rechners, und die ändern sich nur mit --host (tune.ends.host); oder verwenden Sie ein Labor oder ein ssh://-Ziel.</translation>
    </message>
</context>
<context>
    <name>TrafficBridge</name>
    <message>
        <source>Spec field &apos;knobs.%1&apos;: the traffic engine does not set this socket option; remove it from the spec.</source>
        <translation>Spezifikationsfeld &apos;knobs.%1&apos;: die Verkehrsmaschine setzt diese Socket-Option nicht; entfernen Sie sie aus der Spezifikation.</translation>
    </message>
    <message>
        <source>The run was interrupted before its end.</source>
        <translation>Der Lauf wurde vor seinem Ende unterbrochen.</translation>
    </message>
    <message>
        <source>iperf3 does not report its host&apos;s counters; run &apos;tcptune serve&apos; there to have them.</source>
        <translation>iperf3 meldet die Zähler seines Hosts nicht; starten Sie dort &apos;tcptune serve&apos;, um sie zu erhalten.</translation>
    </message>
</context>
<context>
    <name>TrafficSocket</name>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>Cannot resolve host &apos;%1&apos;: %2. Check the name, or give an IP address.</source>
        <translation>Der Host &apos;%1&apos; kann nicht aufgelöst werden: %2. Prüfen Sie den Namen oder geben Sie eine IP-Adresse an.</translation>
    </message>
    <message>
        <source>Cannot connect to %1: no answer within %2 s. Check that the host is up and reachable and that no firewall drops the connection.</source>
        <translation>Keine Verbindung zu %1: keine Antwort innerhalb von %2 s. Prüfen Sie, ob der Host läuft und erreichbar ist und keine Firewall die Verbindung verwirft.</translation>
    </message>
    <message>
        <source>Cannot connect to %1: connection refused. Start `tcptune serve` (or `iperf3 -s`) there, or check the port.</source>
        <translation>Keine Verbindung zu %1: Verbindung abgelehnt. Starten Sie dort `tcptune serve` (oder `iperf3 -s`) oder prüfen Sie den Port.</translation>
    </message>
    <message>
        <source>Cannot connect to %1: %2. Check the address and the route to it.</source>
        <translation>Keine Verbindung zu %1: %2. Prüfen Sie die Adresse und den Weg dorthin.</translation>
    </message>
    <message>
        <source>connection closed by the peer</source>
        <translation>Verbindung von der Gegenseite geschlossen</translation>
    </message>
    <message>
        <source>line longer than %1 bytes</source>
        <translation>Zeile länger als %1 Bytes</translation>
    </message>
    <message>
        <source>Cannot set %1 to %2: %3.</source>
        <translation>%1 kann nicht auf %2 gesetzt werden: %3.</translation>
    </message>
    <message>
        <source>Cannot use congestion control &apos;%1&apos;: %2. See net.ipv4.tcp_available_congestion_control (a module may need loading).</source>
        <translation>Die Überlaststeuerung &apos;%1&apos; kann nicht verwendet werden: %2. Siehe net.ipv4.tcp_available_congestion_control (vielleicht muss ein Modul geladen werden).</translation>
    </message>
    <message>
        <source>Cannot set SO_MAX_PACING_RATE: %1.</source>
        <translation>SO_MAX_PACING_RATE kann nicht gesetzt werden: %1.</translation>
    </message>
</context>
<context>
    <name>TrafficSpec</name>
    <message>
        <source>Unknown workload &apos;%1&apos;; use %2.</source>
        <translation>Unbekannte Last &apos;%1&apos;; verwenden Sie %2.</translation>
    </message>
    <message>
        <source>Missing &apos;]&apos; in target &apos;%1&apos;; write IPv6 addresses as [ADDR]:PORT.</source>
        <translation>Fehlende &apos;]&apos; im Ziel &apos;%1&apos;; schreiben Sie IPv6-Adressen als [ADR]:PORT.</translation>
    </message>
    <message>
        <source>Unexpected text after &apos;]&apos; in target &apos;%1&apos;; write [ADDR]:PORT.</source>
        <translation>Unerwarteter Text nach &apos;]&apos; im Ziel &apos;%1&apos;; schreiben Sie [ADR]:PORT.</translation>
    </message>
    <message>
        <source>The target &apos;%1&apos; has no host; give HOST[:PORT].</source>
        <translation>Das Ziel &apos;%1&apos; hat keinen Host; geben Sie HOST[:PORT] an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a host name or address; give HOST[:PORT].</source>
        <translation>&apos;%1&apos; ist kein Hostname und keine Adresse; geben Sie HOST[:PORT] an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a port; give a number from 1 to 65535.</source>
        <translation>&apos;%1&apos; ist kein Port; geben Sie eine Zahl von 1 bis 65535 an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a number.</source>
        <translation>&apos;%1&apos; muss eine Zahl sein.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a whole number.</source>
        <translation>&apos;%1&apos; muss eine ganze Zahl sein.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be true or false.</source>
        <translation>&apos;%1&apos; muss true oder false sein.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a string.</source>
        <translation>&apos;%1&apos; muss eine Zeichenkette sein.</translation>
    </message>
    <message>
        <source>The target port must be a number from 1 to 65535.</source>
        <translation>Der Zielport muss eine Zahl von 1 bis 65535 sein.</translation>
    </message>
    <message>
        <source>&apos;target&apos; must be an object or a HOST[:PORT] string.</source>
        <translation>&apos;target&apos; muss ein Objekt oder eine Zeichenkette HOST[:PORT] sein.</translation>
    </message>
    <message>
        <source>%1 %2 is out of range; give %3 to %4 bytes.</source>
        <translation>%1 %2 liegt außerhalb des Bereichs; geben Sie %3 bis %4 Bytes an.</translation>
    </message>
    <message>
        <source>Duration %1 s is out of range; give %2 to %3 seconds.</source>
        <translation>Die Dauer %1 s liegt außerhalb des Bereichs; geben Sie %2 bis %3 Sekunden an.</translation>
    </message>
    <message>
        <source>Omit %1 s is out of range; give 0 to 600 seconds.</source>
        <translation>Auslassen %1 s liegt außerhalb des Bereichs; geben Sie 0 bis 600 Sekunden an.</translation>
    </message>
    <message>
        <source>%1 streams is out of range; give 1 to %2.</source>
        <translation>%1 Ströme liegen außerhalb des Bereichs; geben Sie 1 bis %2 an.</translation>
    </message>
    <message>
        <source>Write size</source>
        <translation>Schreibgröße</translation>
    </message>
    <message>
        <source>Request size</source>
        <translation>Anfragegröße</translation>
    </message>
    <message>
        <source>Response size</source>
        <translation>Antwortgröße</translation>
    </message>
    <message>
        <source>Header size</source>
        <translation>Kopfgröße</translation>
    </message>
    <message>
        <source>Send buffer (SO_SNDBUF)</source>
        <translation>Sendepuffer (SO_SNDBUF)</translation>
    </message>
    <message>
        <source>Use 0 to keep autotuning.</source>
        <translation>Verwenden Sie 0, um die automatische Anpassung zu behalten.</translation>
    </message>
    <message>
        <source>Receive buffer (SO_RCVBUF)</source>
        <translation>Empfangspuffer (SO_RCVBUF)</translation>
    </message>
    <message>
        <source>TCP_NOTSENT_LOWAT %1 is out of range; give 0 (off) to %2 bytes.</source>
        <translation>TCP_NOTSENT_LOWAT %1 liegt außerhalb des Bereichs; geben Sie 0 (aus) bis %2 Bytes an.</translation>
    </message>
    <message>
        <source>Pacing rate %1 bit/s is out of range; give 0 (unlimited) or a positive rate.</source>
        <translation>Die Pacing-Rate %1 bit/s liegt außerhalb des Bereichs; geben Sie 0 (unbegrenzt) oder eine positive Rate an.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a congestion control name; see net.ipv4.tcp_available_congestion_control.</source>
        <translation>&apos;%1&apos; ist kein Name einer Überlaststeuerung; siehe net.ipv4.tcp_available_congestion_control.</translation>
    </message>
    <message>
        <source>Sample interval %1 ms is out of range; give %2 to %3 ms.</source>
        <translation>Das Abtastintervall %1 ms liegt außerhalb des Bereichs; geben Sie %2 bis %3 ms an.</translation>
    </message>
    <message>
        <source>Connect timeout %1 ms is out of range; give 1 to %2 ms.</source>
        <translation>Die Verbindungsfrist %1 ms liegt außerhalb des Bereichs; geben Sie 1 bis %2 ms an.</translation>
    </message>
    <message>
        <source>No target host; give --target HOST[:PORT] or iperf3://HOST[:PORT].</source>
        <translation>Kein Zielhost; geben Sie --target HOST[:PORT] oder iperf3://HOST[:PORT] an.</translation>
    </message>
    <message>
        <source>Target port 0 is not valid; give a port from 1 to 65535.</source>
        <translation>Zielport 0 ist ungültig; geben Sie einen Port von 1 bis 65535 an.</translation>
    </message>
    <message>
        <source>An iperf3 server cannot answer requests; run the rr workload against `tcptune serve`, or use bulk.</source>
        <translation>Ein iperf3-Server kann keine Anfragen beantworten; führen Sie die Last rr gegen `tcptune serve` aus oder verwenden Sie bulk.</translation>
    </message>
    <message>
        <source>An iperf3 server cannot answer split-write messages; set the response size to 0 (one-way) or run against `tcptune serve`.</source>
        <translation>Ein iperf3-Server kann keine split-write-Nachrichten beantworten; setzen Sie die Antwortgröße auf 0 (einseitig) oder arbeiten Sie gegen `tcptune serve`.</translation>
    </message>
    <message>
        <source>An iperf3 server cannot answer the latency probe; turn the probe off or run against `tcptune serve`.</source>
        <translation>Ein iperf3-Server kann die Latenzsonde nicht beantworten; schalten Sie die Sonde ab oder arbeiten Sie gegen `tcptune serve`.</translation>
    </message>
    <message>
        <source>Client namespace &apos;%1&apos; is not a tcptune namespace; names start with &apos;tcptune-&apos;.</source>
        <translation>Der Client-Namensraum &apos;%1&apos; ist kein tcptune-Namensraum; Namen beginnen mit &apos;tcptune-&apos;.</translation>
    </message>
    <message>
        <source>Unknown send method &apos;%1&apos;; use copy, zerocopy or sendfile.</source>
        <translation>Unbekannte Sendeart &apos;%1&apos;; verwenden Sie copy, zerocopy oder sendfile.</translation>
    </message>
    <message>
        <source>The %1 send method applies to the bulk workload only; use copy for rr and split-write.</source>
        <translation>Die Sendeart %1 gilt nur für die Last bulk; verwenden Sie copy für rr und split-write.</translation>
    </message>
    <message>
        <source>A file to send from is given but the send method is %1; choose sendfile, or leave the file out.</source>
        <translation>Eine Datei zum Senden ist angegeben, aber die Sendeart ist %1; wählen Sie sendfile oder lassen Sie die Datei weg.</translation>
    </message>
    <message>
        <source>Unknown target kind &apos;%1&apos;; use agent, iperf3 or ssh.</source>
        <translation>Unbekannte Zielart &apos;%1&apos;; verwenden Sie agent, iperf3 oder ssh.</translation>
    </message>
    <message>
        <source>Unknown direction &apos;%1&apos;; use up (this host sends), down (the target sends) or both.</source>
        <translation>Unbekannte Richtung &apos;%1&apos;; verwenden Sie up (dieser Host sendet), down (das Ziel sendet) oder both.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a user name; give ssh://USER@HOST[:PORT].</source>
        <translation>&apos;%1&apos; ist kein Benutzername; geben Sie ssh://BENUTZER@HOST[:PORT] an.</translation>
    </message>
    <message>
        <source>Unknown target scheme in &apos;%1&apos;; give HOST[:PORT] for a tcptune agent, iperf3://HOST[:PORT] for an iperf3 server or ssh://[USER@]HOST[:PORT] for a host tcptune reaches over ssh.</source>
        <translation>Unbekanntes Zielschema in &apos;%1&apos;; geben Sie HOST[:PORT] für einen tcptune-Agenten, iperf3://HOST[:PORT] für einen iperf3-Server oder ssh://[BENUTZER@]HOST[:PORT] für einen Host an, den tcptune über ssh erreicht.</translation>
    </message>
    <message>
        <source>Direction %1: the target sends with plain send(); use --zerocopy and --sendfile with direction up.</source>
        <translation>Richtung %1: das Ziel sendet mit einfachem send(); verwenden Sie --zerocopy und --sendfile mit der Richtung up.</translation>
    </message>
    <message>
        <source>Direction %1 needs a one-way workload; request/response already goes both ways, so run rr with direction up.</source>
        <translation>Die Richtung %1 braucht eine einseitige Last; Anfrage/Antwort geht schon in beide Richtungen, führen Sie rr daher mit der Richtung up aus.</translation>
    </message>
    <message>
        <source>Direction %1 runs split-write one way only; set the response size to 0.</source>
        <translation>Die Richtung %1 führt split-write nur einseitig aus; setzen Sie die Antwortgröße auf 0.</translation>
    </message>
    <message>
        <source>An iperf3 server sends only bulk data; use the bulk workload with direction %1, or run against `tcptune serve`.</source>
        <translation>Ein iperf3-Server sendet nur Massendaten; verwenden Sie die Last bulk mit der Richtung %1 oder arbeiten Sie gegen `tcptune serve`.</translation>
    </message>
    <message>
        <source>A spec holds no token: it would be stored with every result. Put the token in a file only you can read and give its path as &quot;token_file&quot;, or set the TCPTUNE_TOKEN environment variable.</source>
        <translation>Eine Spezifikation enthält kein Token: es würde mit jedem Ergebnis gespeichert. Legen Sie das Token in eine Datei, die nur Sie lesen können, und geben Sie ihren Pfad als &quot;token_file&quot; an, oder setzen Sie die Umgebungsvariable TCPTUNE_TOKEN.</translation>
    </message>
    <message>
        <source>Far knobs (%1) are changed by an agent that ssh started: give the target as ssh://[USER@]HOST, or remove the remote: knobs.</source>
        <translation>Ferne Knöpfe (%1) ändert ein Agent, den ssh gestartet hat: geben Sie das Ziel als ssh://[BENUTZER@]HOST an oder entfernen Sie die remote:-Knöpfe.</translation>
    </message>
    <message>
        <source>Idle phase %1 s and omit %2 s are out of range; give 0 to 600 seconds together.</source>
        <translation>Ruhephase %1 s und Auslassen %2 s liegen außerhalb des Bereichs; geben Sie zusammen 0 bis 600 Sekunden an.</translation>
    </message>
    <message>
        <source>An iperf3 server cannot answer latency probes; run latency under load against `tcptune serve`, the lab or an ssh target.</source>
        <translation>Ein iperf3-Server kann keine Latenzsonden beantworten; messen Sie Latenz unter Last gegen `tcptune serve`, das Labor oder ein ssh-Ziel.</translation>
    </message>
</context>
<context>
    <name>CommandSummary</name>
    <message>
        <source>Analyse the TCP flows of a pcap or pcapng capture</source>
        <translation>Die TCP-Flüsse eines pcap- oder pcapng-Mitschnitts analysieren</translation>
    </message>
    <message>
        <source>List kernel knobs; set them around a command; restore them</source>
        <translation>Kernel-Parameter auflisten, für die Dauer eines Befehls setzen, zurücksetzen</translation>
    </message>
    <message>
        <source>Start, stop or show the local lab of network namespaces</source>
        <translation>Das lokale Labor aus Netzwerk-Namensräumen starten, stoppen oder anzeigen</translation>
    </message>
    <message>
        <source>Run traffic against an agent or iperf3 server</source>
        <translation>Verkehr gegen einen Agenten oder iperf3-Server laufen lassen</translation>
    </message>
    <message>
        <source>Run the traffic agent on a target host</source>
        <translation>Den Verkehrsagenten auf einem Zielrechner ausführen</translation>
    </message>
    <message>
        <source>Draw a stored sweep&apos;s or run&apos;s chart into PNG, SVG or PDF</source>
        <translation>Das Diagramm eines gespeicherten Durchlaufs oder Laufs als PNG, SVG oder PDF zeichnen</translation>
    </message>
    <message>
        <source>Write a report (HTML, PDF, Markdown, CSV, JSON) of a stored sweep or run</source>
        <translation>Einen Bericht (HTML, PDF, Markdown, CSV, JSON) über einen gespeicherten Durchlauf oder Lauf schreiben</translation>
    </message>
    <message>
        <source>List stored experiments or show one&apos;s result table</source>
        <translation>Gespeicherte Experimente auflisten oder die Ergebnistabelle eines Experiments zeigen</translation>
    </message>
    <message>
        <source>Run an experiment or sweep (spec file or preset) and print its table</source>
        <translation>Ein Experiment oder einen Durchlauf (Spezifikationsdatei oder Vorlage) ausführen und seine Tabelle ausgeben</translation>
    </message>
    <message>
        <source>Run a spec and fail on a significant regression against a baseline (exit 0, 1, 2 undecided)</source>
        <translation>Eine Spezifikation ausführen und bei signifikanter Verschlechterung gegenüber einer Referenz fehlschlagen (Exit 0, 1, 2 unentschieden)</translation>
    </message>
    <message>
        <source>Tune a spec&apos;s knobs: follow the verdict, keep what is significantly better</source>
        <translation>Die Knöpfe einer Spezifikation abstimmen: dem Befund folgen, behalten, was signifikant besser ist</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Try &apos;tcptune %1 --help&apos;.</source>
        <translation>Versuchen Sie &apos;tcptune %1 --help&apos;.</translation>
    </message>
</context>
<context>
    <name>TcptuneProgram</name>
    <message>
        <source>Usage: tcptune [COMMAND] [OPTIONS]</source>
        <translation>Aufruf: tcptune [BEFEHL] [OPTIONEN]</translation>
    </message>
    <message>
        <source>Without a command tcptune opens the workbench; without a display, &apos;tcptune --default-job [--lab NAME]&apos; runs the default experiment headless and writes its report.</source>
        <translation>Ohne Befehl öffnet tcptune die Werkbank; ohne Bildschirm führt &apos;tcptune --default-job [--lab NAME]&apos; das Standardexperiment ohne Oberfläche aus und schreibt seinen Bericht.</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>Befehle:</translation>
    </message>
    <message>
        <source>&apos;tcptune COMMAND --help&apos; describes a command; &apos;tcptune --version&apos; prints the version.</source>
        <translation>&apos;tcptune BEFEHL --help&apos; beschreibt einen Befehl; &apos;tcptune --version&apos; zeigt die Version.</translation>
    </message>
    <message>
        <source>Unknown command &apos;%1&apos;.</source>
        <translation>Unbekannter Befehl &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Did you mean &apos;tcptune %1&apos;?</source>
        <translation>Meinten Sie &apos;tcptune %1&apos;?</translation>
    </message>
    <message>
        <source>&apos;tcptune --help&apos; lists the commands.</source>
        <translation>&apos;tcptune --help&apos; listet die Befehle auf.</translation>
    </message>
</context>
<context>
    <name>MibCounters</name>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
</context>
<context>
    <name>NetnsText</name>
    <message>
        <source>&apos;%1&apos; is not a tcptune namespace; names start with &apos;tcptune-&apos;.</source>
        <translation>&apos;%1&apos; ist kein tcptune-Namensraum; Namen beginnen mit &apos;tcptune-&apos;.</translation>
    </message>
    <message>
        <source>Network namespace %1 does not exist; start the lab with &apos;tcptune lab up&apos;.</source>
        <translation>Der Netzwerk-Namensraum %1 existiert nicht; starten Sie das Labor mit &apos;tcptune lab up&apos;.</translation>
    </message>
    <message>
        <source>Cannot enter network namespace %1: %2. Entering a namespace needs root or CAP_SYS_ADMIN.</source>
        <translation>Der Netzwerk-Namensraum %1 kann nicht betreten werden: %2. Das Betreten eines Namensraums braucht root oder CAP_SYS_ADMIN.</translation>
    </message>
    <message>
        <source>Cannot use congestion control &apos;%1&apos;: %2. See net.ipv4.tcp_available_congestion_control.</source>
        <translation>Die Staukontrolle &apos;%1&apos; kann nicht verwendet werden: %2. Siehe net.ipv4.tcp_available_congestion_control.</translation>
    </message>
    <message>
        <source>Cannot create a socket: %1.</source>
        <translation>Ein Socket kann nicht angelegt werden: %1.</translation>
    </message>
</context>
<context>
    <name>ProcSys</name>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
<context>
    <name>tcptune::AbTable</name>
    <message>
        <source>%1 against A</source>
        <translation>%1 gegen A</translation>
    </message>
    <message>
        <source>%1 / A (95 % CI)</source>
        <translation>%1 / A (95-%-KI)</translation>
    </message>
    <message>
        <source>%1 = #%2</source>
        <translation>%1 = #%2</translation>
    </message>
    <message>
        <source>%1 = #%2 (%3)</source>
        <translation>%1 = #%2 (%3)</translation>
    </message>
    <message>
        <source>%1: the same knobs.</source>
        <translation>%1: dieselben Parameter.</translation>
    </message>
    <message>
        <source>(one point)</source>
        <translation>(ein Punkt)</translation>
    </message>
    <message>
        <source>%1; knobs: %2</source>
        <translation>%1; Stellgrößen: %2</translation>
    </message>
    <message>
        <source>A = experiment %1, B = experiment %2, points compared: %3</source>
        <translation>A = Experiment %1, B = Experiment %2, verglichene Punkte: %3</translation>
    </message>
    <message>
        <source>%1; only in A: %2; only in B: %3.</source>
        <translation>%1; nur in A: %2; nur in B: %3.</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <source>A = #%1, B = #%2: the same knobs.</source>
        <translation>A = #%1, B = #%2: dieselben Parameter.</translation>
    </message>
    <message>
        <source>A = #%1 (%2), B = #%3 (%4)</source>
        <translation>A = #%1 (%2), B = #%3 (%4)</translation>
    </message>
    <message>
        <source>host unknown</source>
        <translation>Host unbekannt</translation>
    </message>
    <message>
        <source>kernel unknown</source>
        <translation>Kernel unbekannt</translation>
    </message>
</context>
<context>
    <name>tcptune::AgentServer</name>
    <message>
        <source>The agent already listens on port %1; stop it first.</source>
        <translation>Der Agent lauscht bereits auf Port %1; beenden Sie ihn zuerst.</translation>
    </message>
    <message>
        <source>Cannot listen on &apos;%1&apos;: %2</source>
        <translation>Lauschen auf &apos;%1&apos; nicht möglich: %2</translation>
    </message>
    <message>
        <source>Port %1 on %2 is already in use; stop the program using it or choose another with --port.</source>
        <translation>Port %1 auf %2 ist bereits belegt; beenden Sie das Programm, das ihn nutzt, oder wählen Sie mit --port einen anderen.</translation>
    </message>
    <message>
        <source>%1 is not an address of this host; give one of its addresses with --bind.</source>
        <translation>%1 ist keine Adresse dieses Hosts; geben Sie mit --bind eine seiner Adressen an.</translation>
    </message>
    <message>
        <source>Cannot listen on %1 port %2: %3.</source>
        <translation>Lauschen auf %1 Port %2 nicht möglich: %3.</translation>
    </message>
    <message>
        <source>listening on %1 port %2 (protocol version %3)</source>
        <translation>lauscht auf %1 Port %2 (Protokollversion %3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>refused start: %1</source>
        <translation>Start abgelehnt: %1</translation>
    </message>
    <message>
        <source>refused start: %1 s is longer than this agent allows (%2 s)</source>
        <translation>Start abgelehnt: %1 s sind länger, als dieser Agent erlaubt (%2 s)</translation>
    </message>
    <message>
        <source>refused start: %1 streams is more than this agent allows (%2)</source>
        <translation>Start abgelehnt: %1 Ströme sind mehr, als dieser Agent erlaubt (%2)</translation>
    </message>
    <message>
        <source>refused start: the agent already serves %1 runs, its limit; try again later</source>
        <translation>Start abgelehnt: der Agent bedient bereits %1 Läufe, seine Grenze; versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>%1: run %2 abandoned before it began (%3)</source>
        <translation>%1: Lauf %2 vor Beginn aufgegeben (%3)</translation>
    </message>
    <message>
        <source>expected &quot;begin&quot;, got %1</source>
        <translation>&quot;begin&quot; erwartet, %1 erhalten</translation>
    </message>
    <message>
        <source>not every data connection of run %1 arrived in time</source>
        <translation>nicht jede Datenverbindung von Lauf %1 kam rechtzeitig an</translation>
    </message>
    <message>
        <source>the client never sent &quot;end&quot;</source>
        <translation>der Client sandte nie &quot;end&quot;</translation>
    </message>
    <message>
        <source>unexpected message &apos;%1&apos; during a run</source>
        <translation>unerwartete Nachricht &apos;%1&apos; während eines Laufs</translation>
    </message>
    <message>
        <source>%1: run %2 interrupted: %3</source>
        <translation>%1: Lauf %2 unterbrochen: %3</translation>
    </message>
    <message>
        <source>%1: run %2 cannot receive: %3</source>
        <translation>%1: Lauf %2 kann nicht empfangen: %3</translation>
    </message>
    <message>
        <source>agent stopping</source>
        <translation>Agent wird beendet</translation>
    </message>
    <message>
        <source>%1: run %2 finished: %3 bytes in %4 s (%5 Mbit/s)</source>
        <translation>%1: Lauf %2 beendet: %3 Bytes in %4 s (%5 Mbit/s)</translation>
    </message>
    <message>
        <source>data connection for an unknown run</source>
        <translation>Datenverbindung für einen unbekannten Lauf</translation>
    </message>
    <message>
        <source>data connection with stream %1 outside 0..%2</source>
        <translation>Datenverbindung mit Strom %1 außerhalb von 0..%2</translation>
    </message>
    <message>
        <source>stream %1 of run %2 connected twice</source>
        <translation>Strom %1 von Lauf %2 hat sich zweimal verbunden</translation>
    </message>
    <message>
        <source>the agent cannot start a thread (%1); try again later</source>
        <translation>der Agent kann keinen Thread starten (%1); versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>refused start: %1 runs from %2 are going on, this agent&apos;s limit per network for clients without a token; try again when one has finished</source>
        <translation>Start abgelehnt: %1 Läufe von %2 laufen, die Grenze dieses Agenten je Netz für Clients ohne Token; versuchen Sie es erneut, wenn einer beendet ist</translation>
    </message>
    <message>
        <source>refused start: the run needs %1 MiB of buffers and this agent has %2 MiB left of its %3 MiB memory budget; ask for fewer streams or smaller writes, try again when other runs are done, or start the agent with a larger --memory-budget</source>
        <translation>Start abgelehnt: der Lauf braucht %1 MiB Puffer, und dieser Agent hat von seinem Speicherbudget von %3 MiB noch %2 MiB frei; verlangen Sie weniger Ströme oder kleinere Schreibvorgänge, versuchen Sie es nach dem Ende anderer Läufe erneut, oder starten Sie den Agenten mit einem größeren --memory-budget</translation>
    </message>
    <message>
        <source>refused start: the agent is busy (%1 of its %2 connection threads in use); try again later</source>
        <translation>Start abgelehnt: der Agent ist ausgelastet (%1 seiner %2 Verbindungs-Threads belegt); versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>unexpected latency probe for run %1</source>
        <translation>unerwartete Latenzsonde für Lauf %1</translation>
    </message>
    <message>
        <source>%1: run %2 started: %3, %4 stream(s), %5 s%6</source>
        <translation>%1: Lauf %2 gestartet: %3, %4 Strom/Ströme, %5 s%6</translation>
    </message>
    <message>
        <source>, authenticated</source>
        <translation>, authentifiziert</translation>
    </message>
    <message>
        <source>the agent runs without a token and reports no knob values; start it with --token-file (or TCPTUNE_TOKEN) and give the client the same token to record the far end&apos;s knobs</source>
        <translation>der Agent läuft ohne Token und meldet keine Parameterwerte; starten Sie ihn mit --token-file (oder TCPTUNE_TOKEN) und geben Sie dem Client dasselbe Token, um die Parameter der Gegenseite aufzuzeichnen</translation>
    </message>
    <message>
        <source>Cannot create the listening socket: %1</source>
        <translation>Der lauschende Socket kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>this agent takes runs over its ssh connection only</source>
        <translation>dieser Agent nimmt Läufe nur über seine ssh-Verbindung an</translation>
    </message>
    <message>
        <source>expected &quot;start&quot; on the ssh channel</source>
        <translation>&quot;start&quot; auf dem ssh-Kanal erwartet</translation>
    </message>
    <message>
        <source>the agent runs without a token and reports no counters; start it with --token-file (or TCPTUNE_TOKEN) to record the far end&apos;s counters</source>
        <translation>der Agent läuft ohne Token und meldet keine Zähler; starten Sie ihn mit --token-file (oder TCPTUNE_TOKEN), um die Zähler der Gegenstelle aufzuzeichnen</translation>
    </message>
    <message>
        <source>refused start: this agent changes knobs only for runs started over ssh (tcptune run --target ssh://HOST)</source>
        <translation>Start abgelehnt: dieser Agent ändert Knöpfe nur für Läufe, die über ssh gestartet wurden (tcptune run --target ssh://HOST)</translation>
    </message>
    <message>
        <source>%1: run %2: %3</source>
        <translation>%1: Lauf %2: %3</translation>
    </message>
    <message>
        <source>the client speaks protocol %1, this agent %2</source>
        <translation>der Client spricht Protokoll %1, dieser Agent %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>this agent changes no knobs</source>
        <translation>dieser Agent ändert keine Parameter</translation>
    </message>
    <message>
        <source>refused start: no client nonce (a client older than protocol %1); update the client</source>
        <translation>Start abgelehnt: keine Client-Nonce (ein Client älter als Protokoll %1); aktualisieren Sie den Client</translation>
    </message>
    <message>
        <source>refused start: the agent is busy; try again later</source>
        <translation>Start abgelehnt: der Agent ist ausgelastet; versuchen Sie es später erneut</translation>
    </message>
    <message>
        <source>no UDP latency probes on port %1: %2</source>
        <translation>keine UDP-Latenzsonden auf Port %1: %2</translation>
    </message>
    <message>
        <source>%1: run %2: %3 batches of samples dropped while the control connection was slow</source>
        <translation>%1: Lauf %2: %3 Stichprobenpakete verworfen, während die Steuerverbindung langsam war</translation>
    </message>
</context>
<context>
    <name>tcptune::CapturePanel</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Open a pcap or pcapng file (Ctrl+O) or drop one on the window.</source>
        <translation>Öffnen Sie eine pcap- oder pcapng-Datei (Strg+O) oder ziehen Sie eine auf das Fenster.</translation>
    </message>
    <message>
        <source>Capture / flow</source>
        <translation>Mitschnitt / Fluss</translation>
    </message>
    <message>
        <source>Packets</source>
        <translation>Pakete</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>RTT median</source>
        <translation>RTT-Median</translation>
    </message>
    <message>
        <source>Retransmissions</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>Analysing %1...</source>
        <translation>Analysiere %1...</translation>
    </message>
    <message>
        <source>%1 ms (%2 samples)</source>
        <translation>%1 ms (%2 Messwerte)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>The %1 largest flows are listed.</source>
        <translation>Die %1 größten Flüsse sind aufgeführt.</translation>
    </message>
    <message>
        <source>%1 could not be analysed: %2</source>
        <translation>%1 konnte nicht analysiert werden: %2</translation>
    </message>
    <message>
        <source>%1 (%2 flows, %3 s, %4 malformed)</source>
        <translation>%1 (%2 Flows, %3 s, %4 fehlerhaft)</translation>
    </message>
    <message>
        <source>%1: %2 packets, %3 TCP flows, %4 malformed packets.</source>
        <translation>%1: %2 Pakete, %3 TCP-Flows, %4 fehlerhafte Pakete.</translation>
    </message>
    <message>
        <source>(via %1)</source>
        <translation>(über %1)</translation>
    </message>
    <message>
        <source>Tunnelled: %1</source>
        <translation>Getunnelt: %1</translation>
    </message>
    <message>
        <source>Cleared from the charts; open the capture again to draw it.</source>
        <translation>Aus den Diagrammen entfernt; öffnen Sie den Mitschnitt erneut, um ihn zu zeichnen.</translation>
    </message>
    <message>
        <source>%1 capture</source>
        <translation>Mitschnitt %1</translation>
    </message>
    <message>
        <source>%1 (control connection, not drawn)</source>
        <translation>%1 (Steuerverbindung, nicht gezeichnet)</translation>
    </message>
    <message>
        <source>The agent&apos;s control connection: a few hundred bytes beside the data. Tick it to draw it anyway.</source>
        <translation>Die Steuerverbindung des Agenten: einige hundert Bytes neben den Daten. Ankreuzen, um sie trotzdem zu zeichnen.</translation>
    </message>
    <message>
        <source>%1 · flow %2</source>
        <translation>%1 · Fluss %2</translation>
    </message>
</context>
<context>
    <name>tcptune::ChartBar</name>
    <message>
        <source>Clear charts</source>
        <translation>Diagramme leeren</translation>
    </message>
    <message>
        <source>Keep runs</source>
        <translation>Läufe behalten</translation>
    </message>
    <message>
        <source>no extra series</source>
        <translation>keine Zusatzreihe</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Off: a new sweep clears the charts (runs ticked in History and captures stay). On: every run stays until Clear charts.</source>
        <translation>Aus: ein neuer Durchlauf leert die Diagramme (im Verlauf angekreuzte Läufe und Mitschnitte bleiben). An: jeder Lauf bleibt bis „Diagramme leeren“.</translation>
    </message>
    <message>
        <source>Extra:</source>
        <translation>Zusätzlich:</translation>
    </message>
    <message>
        <source>Wheel: zoom, drag: pan,
double-click: follow</source>
        <translation>Rad: zoomen, Ziehen: verschieben,
Doppelklick: folgen</translation>
    </message>
</context>
<context>
    <name>tcptune::CounterDifferenceView</name>
    <message>
        <source>End</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>Counter</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>kein Befund</translation>
    </message>
    <message>
        <source>A (%1): %2</source>
        <translation>A (%1): %2</translation>
    </message>
    <message>
        <source>B (%1): %2</source>
        <translation>B (%1): %2</translation>
    </message>
    <message>
        <source>No kernel counter differs between the two runs (or their counters were not read).</source>
        <translation>Kein Kernel-Zähler unterscheidet sich zwischen den beiden Läufen (oder ihre Zähler wurden nicht gelesen).</translation>
    </message>
    <message>
        <source>Compare two runs to see their verdicts and the kernel counters that differ.</source>
        <translation>Vergleichen Sie zwei Läufe, um ihre Befunde und die abweichenden Kernel-Zähler zu sehen.</translation>
    </message>
</context>
<context>
    <name>tcptune::CrashRecovery</name>
    <message numerus="yes">
        <source>%1 (%2 of %3 runs done, %n cut off)</source>
        <translation>
            <numerusform>%1 (%2 von %3 Läufen fertig, %n abgebrochen)</numerusform>
            <numerusform>%1 (%2 von %3 Läufen fertig, %n abgebrochen)</numerusform>
        </translation>
    </message>
    <message>
        <source>The last tcptune session ended while it ran %1: History now shows it and the runs it cut off as interrupted, with its finished runs kept (&apos;tcptune sweep --resume ID&apos; runs the rest).</source>
        <translation>Die letzte tcptune-Sitzung endete, während sie %1 ausführte: der Verlauf zeigt es und die abgebrochenen Läufe jetzt als unterbrochen, die fertigen Läufe bleiben erhalten („tcptune sweep --resume ID“ führt den Rest aus).</translation>
    </message>
    <message>
        <source>Its knobs were restored: tcptune-helper put back every knob the session had changed, by hand or by a run, when it ended; none is left changed.</source>
        <translation>Ihre Parameter sind zurückgesetzt: tcptune-helper hat beim Ende der Sitzung jeden Parameter zurückgesetzt, den sie von Hand oder durch einen Lauf geändert hatte; keiner bleibt geändert.</translation>
    </message>
    <message>
        <source>Restore the knobs a crashed session left changed before running.</source>
        <translation>Setzen Sie zuerst die Parameter zurück, die eine abgestürzte Sitzung geändert hinterlassen hat.</translation>
    </message>
    <message>
        <source>%1 = %2 (was %3) in %4</source>
        <translation>%1 = %2 (vorher %3) in %4</translation>
    </message>
    <message>
        <source>the host</source>
        <translation>dem Host</translation>
    </message>
    <message numerus="yes">
        <source>A tcptune session was killed and left %n knob(s) changed: %1. Restore them before anything else runs.</source>
        <translation>
            <numerusform>Eine tcptune-Sitzung wurde beendet und hat %n Parameter geändert hinterlassen: %1. Setzen Sie ihn zurück, bevor etwas anderes läuft.</numerusform>
            <numerusform>Eine tcptune-Sitzung wurde beendet und hat %n Parameter geändert hinterlassen: %1. Setzen Sie sie zurück, bevor etwas anderes läuft.</numerusform>
        </translation>
    </message>
    <message>
        <source>Restore now</source>
        <translation>Jetzt zurücksetzen</translation>
    </message>
    <message>
        <source>Restoring through tcptune-helper...</source>
        <translation>Wird über tcptune-helper zurückgesetzt...</translation>
    </message>
    <message>
        <source>Could not restore: %1</source>
        <translation>Zurücksetzen nicht möglich: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n knob(s) restored to their values before the crash.</source>
        <translation>
            <numerusform>%n Parameter auf seinen Wert vor dem Absturz zurückgesetzt.</numerusform>
            <numerusform>%n Parameter auf ihre Werte vor dem Absturz zurückgesetzt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tcptune::ExportActions</name>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>&amp;Report of the latest experiment...</source>
        <translation>&amp;Bericht des letzten Experiments...</translation>
    </message>
    <message>
        <source>&amp;Chart...</source>
        <translation>&amp;Diagramm...</translation>
    </message>
    <message>
        <source>Export chart as PNG, SVG or PDF...</source>
        <translation>Diagramm als PNG, SVG oder PDF exportieren...</translation>
    </message>
    <message>
        <source>There is no stored experiment to report yet; run an experiment or a sweep first.</source>
        <translation>Es gibt noch kein gespeichertes Experiment für einen Bericht; führen Sie zuerst ein Experiment oder einen Durchlauf aus.</translation>
    </message>
    <message>
        <source>There is no chart to export.</source>
        <translation>Es gibt kein Diagramm zum Exportieren.</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>Export report of experiment %1</source>
        <translation>Bericht von Experiment %1 exportieren</translation>
    </message>
    <message>
        <source>HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;CSV (*.csv);;JSON (*.json)</source>
        <translation>HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;CSV (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Width (pixels):</source>
        <translation>Breite (Pixel):</translation>
    </message>
    <message>
        <source>Height (pixels):</source>
        <translation>Höhe (Pixel):</translation>
    </message>
    <message>
        <source>DPI (text scales with DPI / 96):</source>
        <translation>DPI (Text skaliert mit DPI / 96):</translation>
    </message>
    <message>
        <source>PNG (*.png);;SVG (*.svg);;PDF (*.pdf)</source>
        <translation>PNG (*.png);;SVG (*.svg);;PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>tcptune::ExportFeedback</name>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Exported %1 to %2.</source>
        <translation>%1 nach %2 exportiert.</translation>
    </message>
</context>
<context>
    <name>tcptune::FarHostCheck</name>
    <message>
        <source>Only an SSH host can be tested this way.</source>
        <translation>So lässt sich nur ein SSH-Host testen.</translation>
    </message>
</context>
<context>
    <name>tcptune::HelpMenu</name>
    <message>
        <source>Knob</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>Wirkung</translation>
    </message>
    <message>
        <source>Kernel default</source>
        <translation>Kernel-Standard</translation>
    </message>
    <message>
        <source>Story</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;What the knobs mean</source>
        <translation>&amp;Was die Parameter bedeuten</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;About tcptune</source>
        <translation>Ü&amp;ber tcptune</translation>
    </message>
    <message>
        <source>About tcptune</source>
        <translation>Über tcptune</translation>
    </message>
    <message>
        <source>tcptune %1: a workbench for Linux TCP tuning. Every knob it changes is rolled back, even after a crash; &apos;man tcptune&apos; describes the commands.</source>
        <translation>tcptune %1: eine Werkbank für das Tuning von Linux-TCP. Jeden Parameter, den es ändert, setzt es zurück, auch nach einem Absturz; &apos;man tcptune&apos; beschreibt die Befehle.</translation>
    </message>
    <message>
        <source>What the knobs mean</source>
        <translation>Was die Parameter bedeuten</translation>
    </message>
    <message>
        <source>The knobs tcptune can change, what each does, the kernel&apos;s default and the story (Help &gt; stories in the documentation) it matters for.</source>
        <translation>Die Parameter, die tcptune ändern kann, was jeder bewirkt, der Standardwert des Kernels und das Szenario der Dokumentation, für das er zählt.</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys of the workbench&apos;s commands.</source>
        <translation>Die Tasten der Befehle der Werkbank.</translation>
    </message>
</context>
<context>
    <name>tcptune::HelperConnection</name>
    <message>
        <source>host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>%1 (%2) not restored: %3</source>
        <translation>%1 (%2) nicht zurückgesetzt: %3</translation>
    </message>
    <message>
        <source>%1 (%2) not restored to %3: someone else changed it to %4 meanwhile, so it is left alone.</source>
        <translation>%1 (%2) nicht auf %3 zurückgesetzt: jemand anderes hat es inzwischen auf %4 geändert, daher bleibt es unberührt.</translation>
    </message>
    <message>
        <source>tcptune-helper makes only TCP sockets in a lab namespace.</source>
        <translation>tcptune-helper legt in einem Labor-Namensraum nur TCP-Sockets an.</translation>
    </message>
    <message>
        <source>Cannot get sockets in %1 from tcptune-helper: %2</source>
        <translation>Sockets in %1 sind von tcptune-helper nicht zu bekommen: %2</translation>
    </message>
    <message>
        <source>tcptune-helper passed %1 socket(s) in %2 instead of %3.</source>
        <translation>tcptune-helper übergab %1 Socket(s) in %2 statt %3.</translation>
    </message>
    <message>
        <source>The counters of %1 could not be read: %2</source>
        <translation>Die Zähler von %1 konnten nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>tcptune-helper cannot capture on %1 in %2: %3</source>
        <translation>tcptune-helper kann auf %1 in %2 nicht mitschneiden: %3</translation>
    </message>
    <message>
        <source>tcptune-helper passed %1 descriptors for a capture instead of one.</source>
        <translation>tcptune-helper hat für einen Mitschnitt %1 Deskriptoren statt einem übergeben.</translation>
    </message>
    <message>
        <source>tcptune-helper cannot set the options of a lab socket: %1</source>
        <translation>tcptune-helper kann die Optionen eines Sockets im Labor nicht setzen: %1</translation>
    </message>
    <message>
        <source>tcptune-helper makes only TCP and UDP sockets in a lab namespace.</source>
        <translation>tcptune-helper erzeugt in einem Labor-Namensraum nur TCP- und UDP-Sockets.</translation>
    </message>
</context>
<context>
    <name>tcptune::HistoryPanel</name>
    <message>
        <source>Tick two runs or more to compare them (A, the baseline, is the one ticked first), or two experiments to compare them point by point.</source>
        <translation>Haken Sie zwei oder mehr Läufe an, um sie zu vergleichen (A, die Basis, ist der zuerst angehakte), oder zwei Experimente, um sie Punkt für Punkt zu vergleichen.</translation>
    </message>
    <message>
        <source>%1 runs are ticked; the comparison takes at most %2 (A, the baseline, and the others against it): untick some.</source>
        <translation>%1 Läufe sind angehakt; der Vergleich nimmt höchstens %2 (A, die Basis, und die anderen dagegen): entfernen Sie einige Haken.</translation>
    </message>
    <message>
        <source>Counters: A against B.</source>
        <translation>Zähler: A gegen B.</translation>
    </message>
    <message>
        <source>Compare the runs ticked: A, the baseline, is the one ticked first; every other run is set against it (B, C, ...). Two experiments ticked are compared point by point.</source>
        <translation>Vergleicht die angehakten Läufe: A, die Basis, ist der zuerst angehakte; jeder andere Lauf wird ihm gegenübergestellt (B, C, ...). Zwei angehakte Experimente werden Punkt für Punkt verglichen.</translation>
    </message>
    <message>
        <source>Experiment / run</source>
        <translation>Experiment / Lauf</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Throughput (%1)</source>
        <translation>Durchsatz (%1)</translation>
    </message>
    <message>
        <source>RTT median (ms)</source>
        <translation>RTT-Median (ms)</translation>
    </message>
    <message>
        <source>Retransmissions</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>%1 experiments, %2 runs in %3.</source>
        <translation>%1 Experimente, %2 Läufe in %3.</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Compare &amp;A/B</source>
        <translation>A/B ver&amp;gleichen</translation>
    </message>
    <message>
        <source>E&amp;xport report...</source>
        <translation>&amp;Bericht exportieren...</translation>
    </message>
    <message>
        <source>Show ca&amp;pture</source>
        <translation>Mitschnitt &amp;zeigen</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Mbit/s</source>
        <translation>Mbit/s</translation>
    </message>
    <message>
        <source>RTT (ms)</source>
        <translation>RTT (ms)</translation>
    </message>
    <message>
        <source>Retr.</source>
        <translation>Neuüb.</translation>
    </message>
    <message>
        <source>Compare the first two runs ticked: A is the one ticked first.</source>
        <translation>Die ersten beiden angekreuzten Läufe vergleichen: A ist der zuerst angekreuzte.</translation>
    </message>
    <message>
        <source>Export a report of the selected experiment.</source>
        <translation>Einen Bericht des ausgewählten Experiments exportieren.</translation>
    </message>
    <message>
        <source>Overlay the selected run&apos;s capture on the charts, on the run&apos;s own time.</source>
        <translation>Den Mitschnitt des ausgewählten Laufs in die Diagramme legen, auf der Zeit des Laufs.</translation>
    </message>
    <message>
        <source>R&amp;efresh</source>
        <translation>Aktualisie&amp;ren</translation>
    </message>
    <message>
        <source>Select an experiment or one of its runs to export its report.</source>
        <translation>Wählen Sie ein Experiment oder einen seiner Läufe, um seinen Bericht zu exportieren.</translation>
    </message>
    <message>
        <source>Select a run to show its capture.</source>
        <translation>Wählen Sie einen Lauf, um seinen Mitschnitt zu zeigen.</translation>
    </message>
    <message>
        <source>Run %1 has no capture: tick &quot;Record capture&quot; before running.</source>
        <translation>Lauf %1 hat keinen Mitschnitt: kreuzen Sie vor dem Lauf „Mitschnitt aufzeichnen“ an.</translation>
    </message>
    <message>
        <source>Tick two runs to compare them (A is the one ticked first, B the second).</source>
        <translation>Kreuzen Sie zwei Läufe an, um sie zu vergleichen (A ist der zuerst angekreuzte, B der zweite).</translation>
    </message>
    <message>
        <source>host and user not recorded (an older tcptune)</source>
        <translation>Host und Benutzer nicht aufgezeichnet (ein älteres tcptune)</translation>
    </message>
    <message>
        <source>ran on %1 as %2</source>
        <translation>lief auf %1 als %2</translation>
    </message>
    <message>
        <source>Filter by name, knob, value or status; host:, user:, kernel: or tag: asks the store</source>
        <translation>Nach Name, Parameter, Wert oder Status filtern; host:, user:, kernel: oder tag: fragt den Speicher</translation>
    </message>
    <message>
        <source>Text is matched against the listed rows. host:NAME, user:NAME, kernel:RELEASE (a prefix, e.g. kernel:6.1) and tag:NAME choose the experiments the store lists.</source>
        <translation>Text wird mit den aufgeführten Zeilen verglichen. host:NAME, user:NAME, kernel:RELEASE (ein Anfang, z. B. kernel:6.1) und tag:NAME wählen die Experimente, die der Speicher aufführt.</translation>
    </message>
    <message>
        <source>Show &amp;older experiments</source>
        <translation>Ä&amp;ltere Experimente zeigen</translation>
    </message>
    <message>
        <source>List the next %1 older experiments.</source>
        <translation>Die nächsten %1 älteren Experimente aufführen.</translation>
    </message>
    <message>
        <source>The newest %1 experiments, %2 runs, in %3; &quot;Show older experiments&quot; lists more.</source>
        <translation>Die neuesten %1 Experimente, %2 Läufe, in %3; „Ältere Experimente zeigen“ führt weitere auf.</translation>
    </message>
    <message>
        <source>No experiment in %1 matches host:, user:, kernel: or tag: as typed.</source>
        <translation>Kein Experiment in %1 passt zu host:, user:, kernel: oder tag: wie eingegeben.</translation>
    </message>
    <message>
        <source>%1, kernel %2</source>
        <translation>%1, Kernel %2</translation>
    </message>
</context>
<context>
    <name>tcptune::KnobPanel</name>
    <message>
        <source>Revert s&amp;elected</source>
        <translation>Ausgewählte &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Revert &amp;all</source>
        <translation>A&amp;lle zurücksetzen</translation>
    </message>
    <message>
        <source>Rel&amp;oad values</source>
        <translation>Werte neu &amp;einlesen</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>Namensraum:</translation>
    </message>
    <message>
        <source>Double-click a value to change it. ● changed by tcptune, * differs from the kernel default.</source>
        <translation>Doppelklicken Sie einen Wert, um ihn zu ändern. ● von tcptune geändert, * weicht vom Kernel-Standard ab.</translation>
    </message>
    <message numerus="yes">
        <source>%n knob(s) restored.</source>
        <translation>
            <numerusform>%n Parameter zurückgesetzt.</numerusform>
            <numerusform>%n Parameter zurückgesetzt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Applying through tcptune-helper...</source>
        <translation>Wird über tcptune-helper angewendet...</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>&amp;Bring the lab up</source>
        <translation>La&amp;bor hochfahren</translation>
    </message>
    <message>
        <source>The namespaces of the current target only; its sender comes first.</source>
        <translation>Nur die Namensräume des aktuellen Ziels; sein Sender steht vorn.</translation>
    </message>
    <message>
        <source>this host</source>
        <translation>dieser Host</translation>
    </message>
    <message>
        <source>Lab %1 is not up yet, so its knobs cannot be read or changed. Bring it up now, or run once (a run builds it).</source>
        <translation>Labor %1 läuft noch nicht, seine Parameter lassen sich weder lesen noch ändern. Fahren Sie es jetzt hoch oder starten Sie einen Lauf (er baut es auf).</translation>
    </message>
    <message>
        <source>Knobs of %1</source>
        <translation>Parameter: %1</translation>
    </message>
    <message>
        <source>%1 is not part of the current target (%2): changes here do not affect its runs.</source>
        <translation>%1 gehört nicht zum aktuellen Ziel (%2): Änderungen hier wirken nicht auf seine Läufe.</translation>
    </message>
    <message>
        <source>Changes here do not reach the sender of %1: its traffic starts in %2.</source>
        <translation>Änderungen hier erreichen den Sender von %1 nicht: sein Verkehr beginnt in %2.</translation>
    </message>
    <message>
        <source>Remote: the far host&apos;s values. A value changed there is set by the far agent for each run (remote:&lt;knob&gt;) and put back after it.</source>
        <translation>Gegenstelle: die Werte des fernen Hosts. Ein dort geänderter Wert wird vom fernen Agenten für jeden Lauf gesetzt (remote:&lt;Parameter&gt;) und danach zurückgesetzt.</translation>
    </message>
    <message>
        <source>Remote (read-only): %1</source>
        <translation>Gegenstelle (nur lesbar): %1</translation>
    </message>
    <message>
        <source>Knobs, remote %1: %2</source>
        <translation>Parameter, Gegenstelle %1: %2</translation>
    </message>
</context>
<context>
    <name>tcptune::KnobTableModel</name>
    <message>
        <source>Global knob: it exists only in the host namespace.</source>
        <translation>Globaler Parameter: er existiert nur im Namensraum des Hosts.</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>per namespace</source>
        <translation>je Namensraum</translation>
    </message>
    <message>
        <source>global</source>
        <translation>global</translation>
    </message>
    <message>
        <source>Knob</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Original value</source>
        <translation>Ursprünglicher Wert</translation>
    </message>
    <message>
        <source>Current value</source>
        <translation>Aktueller Wert</translation>
    </message>
    <message>
        <source>Kernel default</source>
        <translation>Kernel-Standard</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Geltungsbereich</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>Lokal</translation>
    </message>
    <message>
        <source>Remote</source>
        <translation>Gegenstelle</translation>
    </message>
    <message>
        <source>The far host has %1; each run sets %2 there (remote:%3), and the far agent puts it back after the run.</source>
        <translation>Der ferne Host hat %1; jeder Lauf setzt dort %2 (remote:%3), und der ferne Agent setzt es nach dem Lauf zurück.</translation>
    </message>
    <message>
        <source>The far host&apos;s value. Double-click to set another for the runs (remote:%1).</source>
        <translation>Der Wert des fernen Hosts. Doppelklicken, um für die Läufe einen anderen zu setzen (remote:%1).</translation>
    </message>
</context>
<context>
    <name>tcptune::KnobTargetBinder</name>
    <message>
        <source>&amp;Knobs: %1</source>
        <translation>&amp;Parameter: %1</translation>
    </message>
    <message>
        <source>Could not bring the lab up: %1</source>
        <translation>Das Labor ließ sich nicht hochfahren: %1</translation>
    </message>
    <message>
        <source>press Test connection on the Target panel to read the far host&apos;s values.</source>
        <translation>drücken Sie im Bereich Ziel auf Verbindung testen, um die Werte des fernen Hosts zu lesen.</translation>
    </message>
    <message>
        <source>the far host&apos;s helper cannot set knobs: %1</source>
        <translation>der Helper des fernen Hosts kann keine Parameter setzen: %1</translation>
    </message>
    <message>
        <source>far knobs apply to every end, and %1 is not an SSH host; remove it from the ends to change them.</source>
        <translation>Parameter der Gegenstelle gelten für jede Gegenstelle, und %1 ist kein SSH-Host; entfernen Sie ihn aus den Gegenstellen, um sie zu ändern.</translation>
    </message>
</context>
<context>
    <name>tcptune::KnobValueDelegate</name>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>min default max, e.g. 4096 16K 4M</source>
        <translation>min. Standard max., z. B. 4096 16K 4M</translation>
    </message>
    <message>
        <source>as tc takes it, e.g. tbf rate 50mbit burst 32kb latency 50ms</source>
        <translation>wie tc es nimmt, z. B. tbf rate 50mbit burst 32kb latency 50ms</translation>
    </message>
</context>
<context>
    <name>tcptune::LabTargetPage</name>
    <message>
        <source>Topology</source>
        <translation>Topologie</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Datenrate</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>routed (router bottleneck)</source>
        <translation>geroutet (Router-Engpass)</translation>
    </message>
    <message>
        <source>The bottleneck is a router between client and server, as on a real path.</source>
        <translation>Der Engpass ist ein Router zwischen Client und Server, wie auf einem echten Pfad.</translation>
    </message>
    <message>
        <source>direct (sender shapes)</source>
        <translation>direkt (Sender formt)</translation>
    </message>
    <message>
        <source>The client&apos;s own egress is shaped: its packets wait in its local queue.</source>
        <translation>Der Ausgang des Clients selbst wird geformt: seine Pakete warten in seiner lokalen Warteschlange.</translation>
    </message>
    <message>
        <source>Bottleneck rate, e.g. 50mbit or 1gbit; 0 leaves the link unshaped.</source>
        <translation>Engpassrate, z. B. 50mbit oder 1gbit; 0 lässt die Verbindung ungeformt.</translation>
    </message>
    <message>
        <source>Queue limit of the bottleneck in bytes, e.g. 2M.</source>
        <translation>Warteschlangengrenze des Engpasses in Bytes, z. B. 2M.</translation>
    </message>
    <message>
        <source>Target, lab: %1</source>
        <translation>Ziel, Labor: %1</translation>
    </message>
</context>
<context>
    <name>tcptune::LimiterChart</name>
    <message>
        <source>rwnd</source>
        <translation>rwnd</translation>
    </message>
    <message>
        <source>sndbuf</source>
        <translation>sndbuf</translation>
    </message>
    <message>
        <source>cwnd</source>
        <translation>cwnd</translation>
    </message>
    <message>
        <source>other</source>
        <translation>übriges</translation>
    </message>
    <message>
        <source>Each bar is one run&apos;s sender time, in parts that add up to 100 %:
receive window: the receiver&apos;s advertised window was full (tcpi_rwnd_limited);
send buffer: the socket&apos;s send buffer held the writer back (tcpi_sndbuf_limited);
congestion window: the data in flight filled cwnd, so congestion control set the pace;
other sending: sending, held back by none of these;
idle: the sender had nothing to send.
&quot;app-limited&quot; beside a run: the share of its delivery-rate samples the application limited.</source>
        <translation>Jeder Balken ist die Sendezeit eines Laufs, in Teilen, die zusammen 100 % ergeben:
Empfangsfenster: das angekündigte Fenster des Empfängers war voll (tcpi_rwnd_limited);
Sendepuffer: der Sendepuffer des Sockets hielt den Schreiber auf (tcpi_sndbuf_limited);
Überlastfenster: die Daten unterwegs füllten cwnd, die Überlastkontrolle gab das Tempo vor;
übriges Senden: Senden, von keinem davon aufgehalten;
untätig: der Sender hatte nichts zu senden.
„anwendungsbegrenzt“ neben einem Lauf: der Anteil seiner Lieferraten-Messwerte, den die Anwendung begrenzte.</translation>
    </message>
    <message>
        <source>%1: %2 %</source>
        <translation>%1: %2 %</translation>
    </message>
    <message>
        <source>What held the sender back (share of its time)</source>
        <translation>Was den Sender bremste (Anteil seiner Zeit)</translation>
    </message>
    <message>
        <source>receive window</source>
        <translation>Empfangsfenster</translation>
    </message>
    <message>
        <source>send buffer</source>
        <translation>Sendepuffer</translation>
    </message>
    <message>
        <source>congestion window</source>
        <translation>Überlastfenster</translation>
    </message>
    <message>
        <source>other sending</source>
        <translation>übriges Senden</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>untätig</translation>
    </message>
    <message>
        <source>%1 (not measured)</source>
        <translation>%1 (nicht gemessen)</translation>
    </message>
    <message>
        <source>%1 (app-limited %2 %)</source>
        <translation>%1 (anwendungsbegrenzt %2 %)</translation>
    </message>
</context>
<context>
    <name>tcptune::LinkEndView</name>
    <message>
        <source>driver %1 %2</source>
        <translation>Treiber %1 %2</translation>
    </message>
    <message>
        <source>%1 Mbit/s %2</source>
        <translation>%1 Mbit/s %2</translation>
    </message>
    <message>
        <source>MTU %1</source>
        <translation>MTU %1</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>offloads: %1</source>
        <translation>Offloads: %1</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>Gerät:</translation>
    </message>
    <message>
        <source>No network device here.</source>
        <translation>Hier gibt es kein Netzwerkgerät.</translation>
    </message>
    <message>
        <source>The far host&apos;s connection test names no link; set its links in a spec as remote:link.DEVICE.PARAMETER.</source>
        <translation>Der Verbindungstest des entfernten Hosts nennt keine Verbindung; seine Links setzen Sie in einer Spezifikation als remote:link.GERÄT.PARAMETER.</translation>
    </message>
</context>
<context>
    <name>tcptune::LinkGroup</name>
    <message>
        <source>Links</source>
        <translation>Netzwerkverbindungen</translation>
    </message>
    <message>
        <source>this host</source>
        <translation>dieser Host</translation>
    </message>
    <message>
        <source>%1 is not part of the current target: its runs do not change links here.</source>
        <translation>%1 gehört nicht zum aktuellen Ziel: dessen Läufe ändern hier keine Verbindungen.</translation>
    </message>
    <message>
        <source>The runs set link knobs where the traffic of %1 starts (%2); this place is shown for comparison.</source>
        <translation>Die Läufe setzen Link-Parameter dort, wo der Verkehr von %1 beginnt (%2); dieser Ort wird zum Vergleich gezeigt.</translation>
    </message>
    <message>
        <source>Local: %1</source>
        <translation>Lokal: %1</translation>
    </message>
    <message>
        <source>Remote: %1</source>
        <translation>Gegenseite: %1</translation>
    </message>
    <message>
        <source>A lab run sets link knobs at the client&apos;s end only; the server&apos;s link is shown for comparison.</source>
        <translation>Ein Laborlauf setzt Link-Parameter nur beim Client; die Verbindung des Servers wird zum Vergleich gezeigt.</translation>
    </message>
    <message>
        <source>Remote: the far host</source>
        <translation>Gegenseite: der entfernte Host</translation>
    </message>
    <message>
        <source>Links, %1: %2</source>
        <translation>Verbindungen, %1: %2</translation>
    </message>
    <message>
        <source>Links, remote %1: %2</source>
        <translation>Verbindungen, Gegenseite %1: %2</translation>
    </message>
</context>
<context>
    <name>tcptune::LinkKnobModel</name>
    <message>
        <source>not supported</source>
        <translation>nicht unterstützt</translation>
    </message>
    <message>
        <source>Each run sets %1 = %2 and puts %3 back after it.</source>
        <translation>Jeder Lauf setzt %1 = %2 und stellt danach %3 wieder her.</translation>
    </message>
    <message>
        <source>Double-click to set another value for the runs.</source>
        <translation>Doppelklicken, um einen anderen Wert für die Läufe zu setzen.</translation>
    </message>
    <message>
        <source>Link knob</source>
        <translation>Link-Parameter</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Jetzt</translation>
    </message>
    <message>
        <source>For the runs</source>
        <translation>Für die Läufe</translation>
    </message>
</context>
<context>
    <name>tcptune::LiveCapture</name>
    <message>
        <source>A capture is already running; stop it before starting another.</source>
        <translation>Ein Mitschnitt läuft bereits; beenden Sie ihn, bevor Sie einen weiteren starten.</translation>
    </message>
    <message>
        <source>No interface to capture on was given; name one (e.g. &apos;lo&apos;).</source>
        <translation>Es wurde keine Schnittstelle zum Mitschneiden angegeben; nennen Sie eine (z. B. &apos;lo&apos;).</translation>
    </message>
    <message>
        <source>No file to write the capture to was given; name one.</source>
        <translation>Es wurde keine Datei für den Mitschnitt angegeben; nennen Sie eine.</translation>
    </message>
    <message>
        <source>Snap length %1 is out of range; use 64 to 262144 bytes.</source>
        <translation>Die Snap-Länge %1 liegt außerhalb des Bereichs; verwenden Sie 64 bis 262144 Bytes.</translation>
    </message>
    <message>
        <source>Cannot capture on %1: %2</source>
        <translation>Auf %1 kann nicht mitgeschnitten werden: %2</translation>
    </message>
    <message>
        <source>The capture filter &apos;%1&apos; is not valid: %2. Use tcpdump filter syntax, e.g. &apos;tcp port 5201&apos;.</source>
        <translation>Der Mitschnittfilter &apos;%1&apos; ist ungültig: %2. Verwenden Sie die Filtersyntax von tcpdump, z. B. &apos;tcp port 5201&apos;.</translation>
    </message>
    <message>
        <source>Cannot install the capture filter &apos;%1&apos;: %2</source>
        <translation>Der Mitschnittfilter &apos;%1&apos; kann nicht gesetzt werden: %2</translation>
    </message>
    <message>
        <source>Cannot write the capture file %1: %2. Choose a writable place.</source>
        <translation>Die Mitschnittdatei %1 kann nicht geschrieben werden: %2. Wählen Sie einen beschreibbaren Ort.</translation>
    </message>
    <message>
        <source>The capture stopped: %1. The packets before it are in the file.</source>
        <translation>Der Mitschnitt hat angehalten: %1. Die Pakete davor sind in der Datei.</translation>
    </message>
    <message>
        <source>No permission to capture on %1: capturing needs root or the capabilities CAP_NET_RAW and CAP_NET_ADMIN. The run goes on without a capture; run tcptune as root to record one.</source>
        <translation>Keine Berechtigung zum Mitschneiden auf %1: Mitschneiden braucht root oder die Capabilities CAP_NET_RAW und CAP_NET_ADMIN. Der Lauf geht ohne Mitschnitt weiter; starten Sie tcptune als root, um einen aufzuzeichnen.</translation>
    </message>
    <message>
        <source>Cannot capture on %1: there is no such interface. Check the interface name (ip link) or start the lab first.</source>
        <translation>Auf %1 kann nicht mitgeschnitten werden: diese Schnittstelle gibt es nicht. Prüfen Sie den Namen (ip link) oder starten Sie zuerst das Labor.</translation>
    </message>
    <message>
        <source>Cannot capture on %1: the interface is down. Bring it up (ip link set %2 up) and retry.</source>
        <translation>Auf %1 kann nicht mitgeschnitten werden: die Schnittstelle ist nicht aktiv. Aktivieren Sie sie (ip link set %2 up) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Cannot prepare a capture file for %1.</source>
        <translation>Für %1 kann keine Mitschnittdatei vorbereitet werden.</translation>
    </message>
    <message>
        <source>The capture stopped: %1 The packets before it are in the file.</source>
        <translation>Der Mitschnitt hat angehalten: %1 Die Pakete davor sind in der Datei.</translation>
    </message>
</context>
<context>
    <name>tcptune::LiveRunCharts</name>
    <message>
        <source>run %1 of %2</source>
        <translation>Lauf %1 von %2</translation>
    </message>
    <message>
        <source>repeat %1</source>
        <translation>Wiederholung %1</translation>
    </message>
    <message>
        <source>Run %1 failed: %2</source>
        <translation>Lauf %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Run %1 was cancelled; it has no result.</source>
        <translation>Lauf %1 wurde abgebrochen; er hat kein Ergebnis.</translation>
    </message>
    <message>
        <source>Run %1: %2 %3, RTT median %4 ms</source>
        <translation>Lauf %1: %2 %3, RTT-Median %4 ms</translation>
    </message>
</context>
<context>
    <name>tcptune::MainWindow</name>
    <message>
        <source>Stopped; the run changed no knobs.</source>
        <translation>Angehalten; der Lauf hat keine Parameter geändert.</translation>
    </message>
    <message>
        <source>Stopped; the run&apos;s knobs are restored: %1.</source>
        <translation>Angehalten; die Parameter des Laufs sind zurückgesetzt: %1.</translation>
    </message>
    <message>
        <source>Still set by hand in %1: %2 (Revert all in the Knobs tab puts them back).</source>
        <translation>Weiterhin von Hand gesetzt in %1: %2 („Alle zurücksetzen“ im Reiter Parameter setzt sie zurück).</translation>
    </message>
    <message>
        <source>The window closes when the run ends.</source>
        <translation>Das Fenster schließt sich, wenn der Lauf endet.</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>Ein Lauf ist im Gang</translation>
    </message>
    <message>
        <source>Closing tcptune ends the run in progress. What should happen?</source>
        <translation>Schließen beendet den laufenden Lauf von tcptune. Was soll geschehen?</translation>
    </message>
    <message>
        <source>Stopping restores every knob the run changed, as the Stop button does.</source>
        <translation>Anhalten setzt jeden Parameter zurück, den der Lauf geändert hat, wie die Schaltfläche Stopp.</translation>
    </message>
    <message>
        <source>Stop the run, restore knobs and close</source>
        <translation>Lauf anhalten, Parameter zurücksetzen und schließen</translation>
    </message>
    <message>
        <source>Keep running, close when it ends</source>
        <translation>Weiterlaufen lassen, danach schließen</translation>
    </message>
    <message>
        <source>Do not close</source>
        <translation>Nicht schließen</translation>
    </message>
    <message>
        <source>Capture: %1 (Captures tab).</source>
        <translation>Mitschnitt: %1 (Reiter Mitschnitte).</translation>
    </message>
    <message>
        <source>tcptune — TCP tuning workbench</source>
        <translation>tcptune — Werkbank für TCP-Tuning</translation>
    </message>
    <message>
        <source>&amp;Knobs</source>
        <translation>&amp;Parameter</translation>
    </message>
    <message>
        <source>&amp;Captures</source>
        <translation>&amp;Mitschnitte</translation>
    </message>
    <message>
        <source>H&amp;istory</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>S&amp;weep</source>
        <translation>D&amp;urchlauf</translation>
    </message>
    <message>
        <source>Ready. Ctrl+R runs, Esc stops, Ctrl+O opens a capture.</source>
        <translation>Bereit. Strg+R startet, Esc hält an, Strg+O öffnet einen Mitschnitt.</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open capture...</source>
        <translation>Mitschnitt ö&amp;ffnen...</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Finished.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>Stopped; knobs restored.</source>
        <translation>Angehalten; Parameter zurückgesetzt.</translation>
    </message>
    <message>
        <source>Failed.</source>
        <translation>Fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Preparing %1...</source>
        <translation>Bereite %1 vor...</translation>
    </message>
    <message>
        <source>Stopping and restoring knobs...</source>
        <translation>Halte an und setze Parameter zurück...</translation>
    </message>
    <message>
        <source>Open capture</source>
        <translation>Mitschnitt öffnen</translation>
    </message>
    <message>
        <source>Captures (*.pcap *.pcapng *.cap);;All files (*)</source>
        <translation>Mitschnitte (*.pcap *.pcapng *.cap);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>A lab was left behind by a crash (%1). Remove it before running in it.</source>
        <translation>Ein Labor blieb nach einem Absturz zurück (%1). Entfernen Sie es, bevor Sie darin messen.</translation>
    </message>
    <message>
        <source>Remove left-over labs</source>
        <translation>Zurückgebliebene Labore entfernen</translation>
    </message>
    <message>
        <source>Removing %1...</source>
        <translation>Entferne %1...</translation>
    </message>
    <message>
        <source>Left-over labs removed.</source>
        <translation>Zurückgebliebene Labore entfernt.</translation>
    </message>
    <message>
        <source>tcptune runs as root. It needs no more than your own account: only its helper is privileged, and it asks for your password (polkit) when it is needed. Start tcptune as your user.</source>
        <translation>tcptune läuft als root. Es braucht nicht mehr als Ihr eigenes Konto: nur sein Helfer ist privilegiert, und er fragt nach Ihrem Passwort (polkit), wenn es nötig ist. Starten Sie tcptune als Ihr Benutzer.</translation>
    </message>
    <message>
        <source>Running as root</source>
        <translation>Läuft als root</translation>
    </message>
    <message>
        <source>R&amp;un</source>
        <comment>menu</comment>
        <translation>Lau&amp;f</translation>
    </message>
    <message>
        <source>&amp;Latency under load</source>
        <translation>&amp;Latenz unter Last</translation>
    </message>
    <message>
        <source>Tu&amp;ne</source>
        <translation>Tu&amp;ning</translation>
    </message>
</context>
<context>
    <name>tcptune::MessageBanner</name>
    <message>
        <source>Close this message</source>
        <translation>Diese Meldung schließen</translation>
    </message>
</context>
<context>
    <name>tcptune::OutboxStatus</name>
    <message>
        <source>Runs waiting for the server: %1</source>
        <translation>Läufe, die auf den Server warten: %1</translation>
    </message>
    <message>
        <source>Kept in %1 while the result store did not answer; &apos;tcptune results sync&apos; uploads them.</source>
        <translation>In %1 aufbewahrt, solange der Ergebnisspeicher nicht antwortete; „tcptune results sync“ lädt sie hoch.</translation>
    </message>
</context>
<context>
    <name>tcptune::RangeCheck</name>
    <message>
        <source>Allowed: %1.</source>
        <translation>Erlaubt: %1.</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>%1: %2 is outside %3; enter a value in that range.</source>
        <translation>%1: %2 liegt außerhalb von %3; geben Sie einen Wert in diesem Bereich ein.</translation>
    </message>
</context>
<context>
    <name>tcptune::RunControlPanel</name>
    <message>
        <source>finished: the run failed</source>
        <translation>beendet: der Lauf ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>finished: %1 of %2 runs failed</source>
        <translation>beendet: %1 von %2 Läufen fehlgeschlagen</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Bereit.</translation>
    </message>
    <message>
        <source>Run the experiment (Ctrl+R)</source>
        <translation>Das Experiment starten (Strg+R)</translation>
    </message>
    <message>
        <source>Stop and restore every knob (Esc)</source>
        <translation>Anhalten und jeden Parameter zurücksetzen (Esc)</translation>
    </message>
    <message>
        <source>starting...</source>
        <translation>starte...</translation>
    </message>
    <message>
        <source>run %1 of %2, %3 s left</source>
        <translation>Lauf %1 von %2, noch %3 s</translation>
    </message>
    <message>
        <source>run %1 of %2</source>
        <translation>Lauf %1 von %2</translation>
    </message>
    <message numerus="yes">
        <source>finished: %n run(s)</source>
        <translation>
            <numerusform>beendet: %n Lauf</numerusform>
            <numerusform>beendet: %n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled after %1 of %2 runs</source>
        <translation>abgebrochen nach %1 von %2 Läufen</translation>
    </message>
    <message>
        <source>failed after %1 of %2 runs</source>
        <translation>fehlgeschlagen nach %1 von %2 Läufen</translation>
    </message>
</context>
<context>
    <name>tcptune::Runner</name>
    <message>
        <source>Experiment %1 cannot be resumed: its stored plan no longer parses (%2).</source>
        <translation>Experiment %1 kann nicht fortgesetzt werden: sein gespeicherter Plan lässt sich nicht mehr lesen (%2).</translation>
    </message>
    <message>
        <source>Run %1 of %2: %3, repeat %4</source>
        <translation>Lauf %1 von %2: %3, Wiederholung %4</translation>
    </message>
    <message>
        <source>the spec</source>
        <translation>die Spezifikation</translation>
    </message>
    <message>
        <source>Running without a capture: %1</source>
        <translation>Lauf ohne Mitschnitt: %1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>far end %1</source>
        <translation>der Gegenstelle %1</translation>
    </message>
    <message>
        <source>far end</source>
        <translation>der Gegenstelle</translation>
    </message>
    <message>
        <source>local end</source>
        <translation>der lokalen Seite</translation>
    </message>
    <message>
        <source>Run %1: %2 changed during the run on the %3 (%4, at the end %5); something else changed it, so the run may not show its settings.</source>
        <translation>Lauf %1: %2 hat sich während des Laufs auf %3 geändert (%4, am Ende %5); etwas anderes hat ihn geändert, daher zeigt der Lauf womöglich nicht seine Einstellungen.</translation>
    </message>
    <message>
        <source>Runs will not wait in an outbox if the server goes away: %1</source>
        <translation>Läufe warten nicht im Postausgang, falls der Server wegfällt: %1</translation>
    </message>
    <message>
        <source>The result store %1 does not answer: the runs wait in the outbox %2.</source>
        <translation>Der Ergebnisspeicher %1 antwortet nicht: Die Läufe warten im Postausgang %2.</translation>
    </message>
    <message>
        <source>%1 runs wait in the outbox %2 for the result store %3: &apos;tcptune results sync&apos; uploads them when it answers again.</source>
        <translation>%1 Läufe warten im Postausgang %2 auf den Ergebnisspeicher %3: „tcptune results sync“ lädt sie hoch, sobald er wieder antwortet.</translation>
    </message>
    <message>
        <source>Experiment %1 is a tune: resume it with &apos;tcptune tune --resume %1&apos;.</source>
        <translation>Experiment %1 ist eine Abstimmung: Setzen Sie sie mit &apos;tcptune tune --resume %1&apos; fort.</translation>
    </message>
    <message>
        <source>A session is already open: close it before opening another.</source>
        <translation>Eine Sitzung ist schon offen: Schließen Sie sie, bevor Sie eine weitere öffnen.</translation>
    </message>
    <message>
        <source>No session is open to run in: open one first.</source>
        <translation>Es ist keine Sitzung offen, in der der Lauf stattfinden könnte: Öffnen Sie zuerst eine.</translation>
    </message>
    <message>
        <source>Run %1: %2, repeat %3</source>
        <translation>Lauf %1: %2, Wiederholung %3</translation>
    </message>
</context>
<context>
    <name>tcptune::SettingsDialog</name>
    <message>
        <source>Settings — tcptune</source>
        <translation>Einstellungen — tcptune</translation>
    </message>
</context>
<context>
    <name>tcptune::SettingsMenu</name>
    <message>
        <source>Se&amp;ttings...</source>
        <translation>E&amp;instellungen...</translation>
    </message>
    <message>
        <source>Results are now kept in %1.</source>
        <translation>Die Ergebnisse werden jetzt in %1 gespeichert.</translation>
    </message>
</context>
<context>
    <name>tcptune::SshTargetPage</name>
    <message>
        <source>&amp;Test connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>user@host[:port]</source>
        <translation>benutzer@host[:port]</translation>
    </message>
    <message>
        <source>The far host runs &apos;tcptune serve --stdio&apos; through ssh; log-in with a key (your ssh agent, config and known_hosts apply).</source>
        <translation>Der ferne Host startet &apos;tcptune serve --stdio&apos; über ssh; Anmeldung mit Schlüssel (Ihr ssh-Agent, Ihre Konfiguration und known_hosts gelten).</translation>
    </message>
    <message>
        <source>optional (ssh -F)</source>
        <translation>optional (ssh -F)</translation>
    </message>
    <message>
        <source>An ssh config file for special set-ups; empty: your own (~/.ssh/config).</source>
        <translation>Eine ssh-Konfigurationsdatei für besondere Einrichtungen; leer: Ihre eigene (~/.ssh/config).</translation>
    </message>
    <message>
        <source>Far knob</source>
        <translation>Ferner Parameter</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Login</source>
        <translation>Anmeldung</translation>
    </message>
    <message>
        <source>ssh config</source>
        <translation>ssh-Konfiguration</translation>
    </message>
    <message>
        <source>Target: no SSH host given. Enter user@host (a port after a colon), or choose the local lab.</source>
        <translation>Ziel: kein SSH-Host angegeben. Geben Sie benutzer@host ein (einen Port nach einem Doppelpunkt) oder wählen Sie das lokale Labor.</translation>
    </message>
    <message>
        <source>Target, SSH host: %1</source>
        <translation>Ziel, SSH-Host: %1</translation>
    </message>
    <message>
        <source>Testing the connection to %1 …</source>
        <translation>Teste die Verbindung zu %1 …</translation>
    </message>
    <message>
        <source>Far helper: yes, %1</source>
        <translation>Ferner Helper: ja, %1</translation>
    </message>
    <message>
        <source>Far helper: no: %1</source>
        <translation>Ferner Helper: nein: %1</translation>
    </message>
    <message>
        <source>Far knobs: %1 values, below and in the Knobs tab</source>
        <translation>Ferne Parameter: %1 Werte, unten und im Reiter Parameter</translation>
    </message>
    <message>
        <source>Far knobs: none (%1)</source>
        <translation>Ferne Parameter: keine (%1)</translation>
    </message>
    <message>
        <source>ssh: ok</source>
        <translation>ssh: ok</translation>
    </message>
    <message>
        <source>Far agent: tcptune %1</source>
        <translation>Ferner Agent: tcptune %1</translation>
    </message>
    <message>
        <source>Far kernel: %1</source>
        <translation>Ferner Kernel: %1</translation>
    </message>
</context>
<context>
    <name>tcptune::StoreSettingsPage</name>
    <message numerus="yes">
        <source>Connected: schema %1, %n experiment(s).</source>
        <translation>
            <numerusform>Verbunden: Schema %1, %n Experiment.</numerusform>
            <numerusform>Verbunden: Schema %1, %n Experimente.</numerusform>
        </translation>
    </message>
    <message>
        <source>Result store</source>
        <translation>Ergebnisspeicher</translation>
    </message>
    <message>
        <source>&amp;This computer</source>
        <translation>Dieser &amp;Computer</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL server</source>
        <translation>&amp;PostgreSQL-Server</translation>
    </message>
    <message>
        <source>Test co&amp;nnection</source>
        <translation>&amp;Verbindung testen</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>&amp;Adresse:</translation>
    </message>
    <message>
        <source>The password is never kept here: libpq reads it from ~/.pgpass (or the file PGPASSFILE names), one line HOST:PORT:DATABASE:USER:PASSWORD, mode 0600.</source>
        <translation>Das Passwort wird hier nie gespeichert: libpq liest es aus ~/.pgpass (oder der Datei, die PGPASSFILE nennt), eine Zeile HOST:PORT:DATENBANK:BENUTZER:PASSWORT, Modus 0600.</translation>
    </message>
    <message>
        <source>$%1 is set: the workbench uses %2 until it is unset.</source>
        <translation>$%1 ist gesetzt: Die Werkbank verwendet %2, bis die Variable entfernt wird.</translation>
    </message>
    <message>
        <source>db.example.org, or a socket folder such as /run/postgresql</source>
        <translation>db.example.org oder ein Socket-Ordner wie /run/postgresql</translation>
    </message>
    <message>
        <source>libpq&apos;s sslmode: require encrypts; verify-full also checks the server&apos;s certificate and name (~/.postgresql/root.crt).</source>
        <translation>sslmode von libpq: require verschlüsselt; verify-full prüft außerdem Zertifikat und Namen des Servers (~/.postgresql/root.crt).</translation>
    </message>
    <message>
        <source>&amp;Host or socket folder:</source>
        <translation>&amp;Host oder Socket-Ordner:</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort:</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>&amp;Datenbank:</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>&amp;Benutzer:</translation>
    </message>
    <message>
        <source>&amp;SSL mode:</source>
        <translation>&amp;SSL-Modus:</translation>
    </message>
    <message>
        <source>Keeps every result in the SQLite file %1.</source>
        <translation>Speichert jedes Ergebnis in der SQLite-Datei %1.</translation>
    </message>
    <message>
        <source>Name the server&apos;s host (or socket folder) and the database.</source>
        <translation>Nennen Sie den Host (oder Socket-Ordner) des Servers und die Datenbank.</translation>
    </message>
    <message>
        <source>Connecting to %1 …</source>
        <translation>Verbinde mit %1 …</translation>
    </message>
</context>
<context>
    <name>tcptune::SweepChart</name>
    <message>
        <source>Throughput and RTT</source>
        <translation>Durchsatz und RTT</translation>
    </message>
    <message>
        <source>Throughput and RTT against the swept value</source>
        <translation>Durchsatz und RTT über dem durchlaufenen Wert</translation>
    </message>
    <message>
        <source>Throughput, mean and 95 % CI</source>
        <translation>Durchsatz, Mittel und 95-%-KI</translation>
    </message>
    <message>
        <source>RTT median</source>
        <translation>RTT-Median</translation>
    </message>
</context>
<context>
    <name>tcptune::SweepPanel</name>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Repeat each point until the 95 % interval of its mean throughput is within this share of the mean: Repeats is then each point&apos;s least number of runs, and the point that reaches the limit without it is flagged. Off: exactly Repeats runs.</source>
        <translation>Wiederholt jeden Punkt, bis das 95-%-Intervall seines mittleren Durchsatzes innerhalb dieses Anteils des Mittelwerts liegt: Wiederholungen ist dann die kleinste Zahl der Läufe eines Punktes, und ein Punkt, der die Grenze ohne dieses Ziel erreicht, wird markiert. Aus: genau so viele Läufe wie Wiederholungen.</translation>
    </message>
    <message>
        <source>The most runs a point gets while its interval is wider than the target.</source>
        <translation>Die meisten Läufe, die ein Punkt bekommt, solange sein Intervall breiter als das Ziel ist.</translation>
    </message>
    <message>
        <source>until 95 % CI ±</source>
        <translation>bis 95-%-KI ±</translation>
    </message>
    <message>
        <source>at most</source>
        <translation>höchstens</translation>
    </message>
    <message>
        <source>This kernel has no netem (the sch_netem module), so the lab cannot delay packets: sweep another parameter. Rate, queue and MTU still work.</source>
        <translation>Dieser Kernel hat kein netem (das Modul sch_netem), daher kann das Labor Pakete nicht verzögern: variieren Sie einen anderen Parameter. Rate, Warteschlange und MTU funktionieren weiterhin.</translation>
    </message>
    <message>
        <source>Cancel sweep</source>
        <translation>Durchlauf abbrechen</translation>
    </message>
    <message>
        <source>values, e.g. 64K 128K 256K 1M</source>
        <translation>Werte, z. B. 64K 128K 256K 1M</translation>
    </message>
    <message>
        <source>(build from the panels)</source>
        <translation>(aus den Bedienfeldern bilden)</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Throughput (%1, 95 % CI)</source>
        <translation>Durchsatz (%1, 95-%-KI)</translation>
    </message>
    <message>
        <source>Each run (%1)</source>
        <translation>Jeder Lauf (%1)</translation>
    </message>
    <message>
        <source>RTT median (ms)</source>
        <translation>RTT-Median (ms)</translation>
    </message>
    <message>
        <source>RTT p95 (ms)</source>
        <translation>RTT p95 (ms)</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>Markierungen</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>Durchlauf</translation>
    </message>
    <message>
        <source>over</source>
        <translation>über</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>Wiederholungen</translation>
    </message>
    <message>
        <source>or preset</source>
        <translation>oder Vorlage</translation>
    </message>
    <message>
        <source>%1 of %2 runs done, about %3 s left.</source>
        <translation>%1 von %2 Läufen fertig, noch etwa %3 s.</translation>
    </message>
    <message>
        <source>The sweep has no values: type them separated by spaces, e.g. 64K 256K 1M.</source>
        <translation>Der Durchlauf hat keine Werte: geben Sie sie durch Leerzeichen getrennt ein, z. B. 64K 256K 1M.</translation>
    </message>
    <message>
        <source>Sweep started: %1 runs, about %2 s.</source>
        <translation>Durchlauf gestartet: %1 Läufe, etwa %2 s.</translation>
    </message>
    <message>
        <source>Cancelling; knobs are being restored...</source>
        <translation>Breche ab; die Parameter werden zurückgesetzt...</translation>
    </message>
    <message>
        <source>Story 1: autocorking A/B with split writes</source>
        <translation>Szenario 1: Autocorking A/B mit geteilten Schreibvorgängen</translation>
    </message>
    <message>
        <source>Story 2: fixed vs autotuned socket buffers</source>
        <translation>Szenario 2: feste gegen automatisch angepasste Socket-Puffer</translation>
    </message>
    <message>
        <source>Story 3: TCP Small Queues (tcp_limit_output_bytes) sweep</source>
        <translation>Szenario 3: Durchlauf von TCP Small Queues (tcp_limit_output_bytes)</translation>
    </message>
    <message>
        <source>Story 4: MTU x tcp_limit_output_bytes, 1 and 2 streams</source>
        <translation>Szenario 4: MTU x tcp_limit_output_bytes, 1 und 2 Ströme</translation>
    </message>
    <message>
        <source>Story 5: throughput against the TCP send window</source>
        <translation>Szenario 5: Durchsatz über dem TCP-Sendefenster</translation>
    </message>
    <message>
        <source>S&amp;tart sweep</source>
        <translation>Durchlauf s&amp;tarten</translation>
    </message>
    <message numerus="yes">
        <source>The preset runs %1 over %n point(s) with %2 repeats each; its target and workload are shown on the left. Choose &quot;(build from the panels)&quot; to edit.</source>
        <translation>
            <numerusform>Die Vorlage durchläuft %1 über %n Punkt mit je %2 Wiederholungen; Ziel und Last stehen links. Wählen Sie „(aus den Bedienfeldern bilden)“, um zu ändern.</numerusform>
            <numerusform>Die Vorlage durchläuft %1 über %n Punkte mit je %2 Wiederholungen; Ziel und Last stehen links. Wählen Sie „(aus den Bedienfeldern bilden)“, um zu ändern.</numerusform>
        </translation>
    </message>
    <message>
        <source>Sweep cancelled after %1 of %2 runs: points without a finished run have no value (no 0 is drawn). Every knob is back to its value before the sweep.</source>
        <translation>Durchlauf nach %1 von %2 Läufen abgebrochen: Punkte ohne beendeten Lauf haben keinen Wert (es wird keine 0 gezeichnet). Jeder Parameter hat wieder seinen Wert von vor dem Durchlauf.</translation>
    </message>
    <message>
        <source>Sweep finished: %1 runs. Every knob is back to its value before the sweep.</source>
        <translation>Durchlauf beendet: %1 Läufe. Jeder Parameter hat wieder seinen Wert von vor dem Durchlauf.</translation>
    </message>
    <message>
        <source>Sweep failed; see the message above. Every knob is back to its value before the sweep.</source>
        <translation>Durchlauf fehlgeschlagen; siehe die Meldung oben. Jeder Parameter hat wieder seinen Wert von vor dem Durchlauf.</translation>
    </message>
</context>
<context>
    <name>tcptune::TargetEndList</name>
    <message>
        <source>&amp;Add end</source>
        <translation>Gegenstelle &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Adds the host typed above to the ends of the run. Type the next host over it and add it too: the run then drives every end at once.</source>
        <translation>Fügt den oben eingegebenen Host zu den Gegenstellen des Laufs hinzu. Überschreiben Sie ihn mit dem nächsten Host und fügen Sie auch diesen hinzu: Der Lauf bedient dann alle Gegenstellen gleichzeitig.</translation>
    </message>
    <message>
        <source>Several hosts: the same traffic runs against every end at once.</source>
        <translation>Mehrere Hosts: Derselbe Verkehr läuft gleichzeitig gegen jede Gegenstelle.</translation>
    </message>
    <message>
        <source>Ends: %1</source>
        <translation>Gegenstellen: %1</translation>
    </message>
    <message>
        <source>Remove %1 from the ends of the run</source>
        <translation>%1 aus den Gegenstellen des Laufs entfernen</translation>
    </message>
</context>
<context>
    <name>tcptune::TargetPanel</name>
    <message>
        <source>Target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>Local lab</source>
        <translation>Lokales Labor</translation>
    </message>
    <message>
        <source>tcptune agent</source>
        <translation>tcptune-Agent</translation>
    </message>
    <message>
        <source>iperf3 server</source>
        <translation>iperf3-Server</translation>
    </message>
    <message>
        <source>The lab runs client and server in network namespaces on this machine.</source>
        <translation>Das Labor betreibt Client und Server in Netzwerk-Namensräumen auf diesem Rechner.</translation>
    </message>
    <message>
        <source>host running &apos;tcptune serve&apos;</source>
        <translation>Host, auf dem &apos;tcptune serve&apos; läuft</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>host running &apos;iperf3 -s&apos;</source>
        <translation>Host, auf dem &apos;iperf3 -s&apos; läuft</translation>
    </message>
    <message>
        <source>Target: no host given. Enter the address of the %1, or choose the local lab.</source>
        <translation>Ziel: kein Host angegeben. Geben Sie die Adresse des %1 ein oder wählen Sie das lokale Labor.</translation>
    </message>
    <message>
        <source>SSH host</source>
        <translation>SSH-Host</translation>
    </message>
    <message>
        <source>Target, ends: %1</source>
        <translation>Ziel, Gegenstellen: %1</translation>
    </message>
</context>
<context>
    <name>tcptune::ThroughputRttView</name>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>RTT</source>
        <translation>RTT</translation>
    </message>
    <message>
        <source>Throughput (mean over 100 ms)</source>
        <translation>Durchsatz (Mittel über 100 ms)</translation>
    </message>
    <message>
        <source>Round-trip time</source>
        <translation>Umlaufzeit</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>Throughput (Mbit/s)</source>
        <translation>Durchsatz (Mbit/s)</translation>
    </message>
    <message>
        <source>RTT (ms)</source>
        <translation>RTT (ms)</translation>
    </message>
    <message>
        <source>cwnd (segments)</source>
        <translation>cwnd (Segmente)</translation>
    </message>
    <message>
        <source>Retransmits</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>Bytes in flight</source>
        <translation>Bytes unterwegs</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 s</translation>
    </message>
    <message>
        <source>Mbit/s</source>
        <translation>Mbit/s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>send-buffer limited (%)</source>
        <translation>sendepufferbegrenzt (%)</translation>
    </message>
    <message>
        <source>receive-window limited (%)</source>
        <translation>empfangsfensterbegrenzt (%)</translation>
    </message>
    <message>
        <source>cwnd limited (%)</source>
        <translation>cwnd-begrenzt (%)</translation>
    </message>
    <message>
        <source>application-limited (%)</source>
        <translation>anwendungsbegrenzt (%)</translation>
    </message>
    <message>
        <source>bottleneck queue (KB)</source>
        <translation>Warteschlange am Engpass (KB)</translation>
    </message>
</context>
<context>
    <name>tcptune::TrafficClient</name>
    <message>
        <source>The target %1 dropped data connection %2: %3.</source>
        <translation>Das Ziel %1 hat die Datenverbindung %2 abgebrochen: %3.</translation>
    </message>
    <message>
        <source>The target %1 dropped the latency probe connection: %2.</source>
        <translation>Das Ziel %1 hat die Verbindung der Latenzsonde abgebrochen: %2.</translation>
    </message>
    <message>
        <source>The run was cancelled after %1 s.</source>
        <translation>Der Lauf wurde nach %1 s abgebrochen.</translation>
    </message>
    <message>
        <source>Data connection %1 to %2 failed after %3 s.</source>
        <translation>Datenverbindung %1 zu %2 schlug nach %3 s fehl.</translation>
    </message>
    <message>
        <source>Data connection %1 failed: %2.</source>
        <translation>Datenverbindung %1 schlug fehl: %2.</translation>
    </message>
    <message>
        <source>The %1 samples taken so far are kept; the run is marked interrupted.</source>
        <translation>Die bisher genommenen %1 Messwerte bleiben erhalten; der Lauf ist als unterbrochen markiert.</translation>
    </message>
    <message>
        <source>The target&apos;s data connection %1 failed: %2.</source>
        <translation>Die Datenverbindung %1 des Ziels schlug fehl: %2.</translation>
    </message>
    <message>
        <source>%1 answers no UDP latency probe; run latency under load against `tcptune serve`.</source>
        <translation>%1 beantwortet keine UDP-Latenzsonde; messen Sie Latenz unter Last gegen `tcptune serve`.</translation>
    </message>
    <message>
        <source>Cannot send UDP latency probes to %1: %2.</source>
        <translation>UDP-Latenzsonden an %1 können nicht gesendet werden: %2.</translation>
    </message>
</context>
<context>
    <name>tcptune::VerdictPanel</name>
    <message>
        <source>%1: no verdict (nothing was measured at the ends).</source>
        <translation>%1: kein Befund (an den Endpunkten wurde nichts gemessen).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>After each run its verdict appears here: what held the flow back, from the kernel&apos;s counters at both ends.</source>
        <translation>Nach jedem Lauf erscheint hier sein Befund: was den Fluss bremste, aus den Kernel-Zählern an beiden Enden.</translation>
    </message>
</context>
<context>
    <name>tcptune::WorkloadPanel</name>
    <message>
        <source>Workload: %1</source>
        <translation>Last: %1</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>Last</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>How often TCP_INFO of every sending socket is sampled.</source>
        <translation>Wie oft TCP_INFO jedes sendenden Sockets abgetastet wird.</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Streams</source>
        <translation>Ströme</translation>
    </message>
    <message>
        <source>Write size</source>
        <translation>Schreibgröße</translation>
    </message>
    <message>
        <source>Sample every</source>
        <translation>Abtasten alle</translation>
    </message>
    <message>
        <source>Workload, write size: %1</source>
        <translation>Last, Schreibgröße: %1</translation>
    </message>
    <message>
        <source>Workload, %1: %2</source>
        <translation>Last, %1: %2</translation>
    </message>
    <message>
        <source>this host sends (upload)</source>
        <translation>dieser Host sendet (Upload)</translation>
    </message>
    <message>
        <source>the target sends (download)</source>
        <translation>das Ziel sendet (Download)</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <source>Record capture</source>
        <translation>Mitschnitt aufzeichnen</translation>
    </message>
    <message>
        <source>Capture the run&apos;s packets at the sender (pcap), kept with the run: History&apos;s &quot;Show capture&quot; overlays them on the charts.</source>
        <translation>Die Pakete des Laufs beim Sender mitschneiden (pcap), mit dem Lauf gespeichert: „Mitschnitt zeigen“ im Verlauf legt sie in die Diagramme.</translation>
    </message>
    <message>
        <source>both send at once</source>
        <translation>beide senden zugleich</translation>
    </message>
    <message>
        <source>Which end sends the data. Down measures the target&apos;s sending, as when a NAS serves a download or an NFS server answers reads; both runs the two at the same time, each direction measured by its own sender.</source>
        <translation>Welches Ende die Daten sendet. Down misst das Senden des Ziels, wie wenn ein NAS einen Download ausliefert oder ein NFS-Server Lesezugriffe beantwortet; both führt beides zugleich aus, jede Richtung gemessen von ihrem eigenen Sender.</translation>
    </message>
    <message>
        <source>Seconds of probing alone before the streams start: the idle latency the loaded one is compared with.</source>
        <translation>Sekunden nur mit Proben, bevor die Ströme beginnen: die Latenz im Leerlauf, mit der die unter Last verglichen wird.</translation>
    </message>
    <message>
        <source>Idle phase</source>
        <translation>Leerlaufphase</translation>
    </message>
</context>
<context>
    <name>tcptune::RunCaptureList</name>
    <message>
        <source>Show on charts</source>
        <translation>In den Diagrammen zeigen</translation>
    </message>
    <message>
        <source>Open folder</source>
        <translation>Ordner öffnen</translation>
    </message>
    <message>
        <source>Copy path</source>
        <translation>Pfad kopieren</translation>
    </message>
    <message>
        <source>Captures of this session&apos;s runs appear here when each run ends.</source>
        <translation>Die Mitschnitte der Läufe dieser Sitzung erscheinen hier, sobald ein Lauf endet.</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Capture file</source>
        <translation>Mitschnittdatei</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Run %1 recorded %2.</source>
        <translation>Lauf %1 hat %2 aufgezeichnet.</translation>
    </message>
    <message>
        <source>Copied %1.</source>
        <translation>%1 kopiert.</translation>
    </message>
</context>
<context>
    <name>ExperimentName</name>
    <message>
        <source>Workbench run</source>
        <translation>Lauf aus der Werkbank</translation>
    </message>
    <message>
        <source>Sweep of %1</source>
        <translation>Durchlauf von %1</translation>
    </message>
    <message>
        <source>Experiment %1</source>
        <translation>Experiment %1</translation>
    </message>
    <message>
        <source>Experiment %1: %2</source>
        <translation>Experiment %1: %2</translation>
    </message>
    <message>
        <source>Workbench tune</source>
        <translation>Tuning der Werkbank</translation>
    </message>
</context>
<context>
    <name>ExperimentLock</name>
    <message>
        <source>Experiment %1 is being run by another tcptune process (its lock %2 is held), or %2 cannot be written; wait for that process or check the folder&apos;s permissions.</source>
        <translation>Experiment %1 wird von einem anderen tcptune-Prozess ausgeführt (seine Sperre %2 ist belegt), oder %2 kann nicht geschrieben werden; warten Sie auf diesen Prozess oder prüfen Sie die Rechte des Ordners.</translation>
    </message>
    <message>
        <source>The tcptune process running it ended before it finished (killed or crashed).</source>
        <translation>Der tcptune-Prozess, der es ausführte, endete vor dem Abschluss (beendet oder abgestürzt).</translation>
    </message>
</context>
<context>
    <name>ExperimentDiff</name>
    <message>
        <source>throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>RTT median</source>
        <translation>RTT-Median</translation>
    </message>
    <message>
        <source>RTT p95</source>
        <translation>RTT p95</translation>
    </message>
    <message>
        <source>retransmissions</source>
        <translation>Wiederholungen (Retransmissions)</translation>
    </message>
</context>
<context>
    <name>ResultsDiff</name>
    <message>
        <source>Welch, %1 + %2 runs</source>
        <translation>Welch, %1 + %2 Läufe</translation>
    </message>
    <message>
        <source>block bootstrap, %1 + %2 runs</source>
        <translation>Block-Bootstrap, %1 + %2 Läufe</translation>
    </message>
    <message>
        <source>no test (%1 + %2 runs)</source>
        <translation>kein Test (%1 + %2 Läufe)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>metric</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B ggü. A</translation>
    </message>
    <message>
        <source>95 % CI</source>
        <translation>95-%-KI</translation>
    </message>
    <message>
        <source>p (Holm)</source>
        <translation>p (Holm)</translation>
    </message>
    <message>
        <source>significant</source>
        <translation>signifikant</translation>
    </message>
    <message>
        <source>method</source>
        <translation>Verfahren</translation>
    </message>
    <message>
        <source>Knobs: the same in A and B.</source>
        <translation>Stellgrößen: in A und B gleich.</translation>
    </message>
    <message>
        <source>Knobs that differ (A → B):</source>
        <translation>Abweichende Stellgrößen (A → B):</translation>
    </message>
    <message>
        <source>Counters that moved differently (A vs B):</source>
        <translation>Zähler mit unterschiedlicher Änderung (A ggü. B):</translation>
    </message>
    <message>
        <source>Experiment %1 (B) against experiment %2 (A)</source>
        <translation>Experiment %1 (B) gegen Experiment %2 (A)</translation>
    </message>
    <message>
        <source>A: %1. B: %2. Differences are B - A in % of A with their 95 % interval; significant: Holm-corrected p over the metrics of a point below 0.05.</source>
        <translation>A: %1. B: %2. Unterschiede sind B - A in % von A mit ihrem 95-%-Intervall; signifikant: Holm-korrigiertes p über die Größen eines Punkts unter 0,05.</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>Spezifikation</translation>
    </message>
    <message>
        <source>Only in A: %1</source>
        <translation>Nur in A: %1</translation>
    </message>
    <message>
        <source>Only in B: %1</source>
        <translation>Nur in B: %1</translation>
    </message>
    <message>
        <source>A ran on %1 as %2, B on %3 as %4.</source>
        <translation>A lief auf %1 als %2, B auf %3 als %4.</translation>
    </message>
</context>
<context>
    <name>tcptune::PendingKnobsNote</name>
    <message>
        <source>For&amp;get them</source>
        <translation>Verwer&amp;fen</translation>
    </message>
    <message>
        <source>From the session, not set yet: %1. The next run sets them and puts them back after it.</source>
        <translation>Aus der Sitzung, noch nicht gesetzt: %1. Der nächste Lauf setzt sie und stellt sie danach zurück.</translation>
    </message>
</context>
<context>
    <name>tcptune::SessionActions</name>
    <message>
        <source>tcptune sessions (*.%1);;All files (*)</source>
        <translation>tcptune-Sitzungen (*.%1);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Open &amp;session...</source>
        <translation>&amp;Sitzung öffnen...</translation>
    </message>
    <message>
        <source>Sa&amp;ve session</source>
        <translation>Sitzung s&amp;peichern</translation>
    </message>
    <message>
        <source>Save session &amp;as...</source>
        <translation>Sitzung speichern &amp;unter...</translation>
    </message>
    <message>
        <source>Recent sessio&amp;ns</source>
        <translation>&amp;Zuletzt geöffnete Sitzungen</translation>
    </message>
    <message>
        <source>session</source>
        <translation>sitzung</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>Sitzung speichern</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>Cannot save the session</source>
        <translation>Die Sitzung kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Session saved to %1.</source>
        <translation>Sitzung gespeichert in %1.</translation>
    </message>
    <message>
        <source>Cannot open the session</source>
        <translation>Die Sitzung kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>A run is in progress. Stop it (Esc) or wait for it to end, then open the session.</source>
        <translation>Ein Lauf ist im Gange. Halten Sie ihn an (Esc) oder warten Sie sein Ende ab, dann öffnen Sie die Sitzung.</translation>
    </message>
    <message>
        <source>%1[*] — tcptune</source>
        <translation>%1[*] — tcptune</translation>
    </message>
</context>
<context>
    <name>SessionForm</name>
    <message>
        <source>The form holds a mistake, so the session cannot be saved: %1</source>
        <translation>Das Formular enthält einen Fehler, daher kann die Sitzung nicht gespeichert werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Session %1 opened: the form, %n run(s) on the charts</source>
        <translation>
            <numerusform>Sitzung %1 geöffnet: das Formular, %n Lauf in den Diagrammen</numerusform>
            <numerusform>Sitzung %1 geöffnet: das Formular, %n Läufe in den Diagrammen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n knob(s) set by hand are listed in the Knobs tab but not applied to the system: the next run sets them.</source>
        <translation>
            <numerusform>%n von Hand gesetzter Parameter steht im Reiter Parameter, ist aber nicht auf das System angewendet: der nächste Lauf setzt ihn.</numerusform>
            <numerusform>%n von Hand gesetzte Parameter stehen im Reiter Parameter, sind aber nicht auf das System angewendet: der nächste Lauf setzt sie.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorkbenchSession</name>
    <message>
        <source>Session field &apos;charts[%1]&apos;: %2</source>
        <translation>Sitzungsfeld „charts[%1]“: %2</translation>
    </message>
    <message>
        <source>expected an object with a label.</source>
        <translation>erwartet wird ein Objekt mit einer Beschriftung.</translation>
    </message>
    <message>
        <source>series &apos;%1&apos; must be a list of [seconds, value] pairs.</source>
        <translation>Reihe „%1“ muss eine Liste von Paaren [Sekunden, Wert] sein.</translation>
    </message>
    <message>
        <source>more than %1 points in all; a session holds a few runs, not an archive.</source>
        <translation>mehr als %1 Punkte insgesamt; eine Sitzung enthält einige Läufe, kein Archiv.</translation>
    </message>
    <message>
        <source>Session field &apos;charts&apos;: expected a list of the runs on the charts.</source>
        <translation>Sitzungsfeld „charts“: erwartet wird eine Liste der Läufe in den Diagrammen.</translation>
    </message>
    <message>
        <source>Session field &apos;charts&apos;: more than %1 runs; a session holds at most %1.</source>
        <translation>Sitzungsfeld „charts“: mehr als %1 Läufe; eine Sitzung enthält höchstens %1.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1; choose another place for the session.</source>
        <translation>Der Ordner %1 kann nicht angelegt werden; wählen Sie einen anderen Ort für die Sitzung.</translation>
    </message>
    <message>
        <source>Cannot save the session to %1 (%2); check the folder and free space, or choose another place.</source>
        <translation>Die Sitzung kann nicht in %1 gespeichert werden (%2); prüfen Sie den Ordner und den freien Platz, oder wählen Sie einen anderen Ort.</translation>
    </message>
    <message>
        <source>Cannot open the session %1 (%2); check that the file exists and that you may read it.</source>
        <translation>Die Sitzung %1 kann nicht geöffnet werden (%2); prüfen Sie, ob die Datei existiert und ob Sie sie lesen dürfen.</translation>
    </message>
    <message>
        <source>The session %1 is larger than %2 MiB; it is not a tcptune session.</source>
        <translation>Die Sitzung %1 ist größer als %2 MiB; sie ist keine tcptune-Sitzung.</translation>
    </message>
    <message>
        <source>Cannot open the session %1: %2</source>
        <translation>Die Sitzung %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Session field &apos;%1&apos;: %2</source>
        <translation>Sitzungsfeld „%1“: %2</translation>
    </message>
    <message>
        <source>expected an object of knob: value.</source>
        <translation>erwartet wird ein Objekt aus Parameter: Wert.</translation>
    </message>
    <message>
        <source>expected a value.</source>
        <translation>erwartet wird ein Wert.</translation>
    </message>
    <message>
        <source>expected an object.</source>
        <translation>erwartet wird ein Objekt.</translation>
    </message>
    <message>
        <source>expected an object with a parameter and its values.</source>
        <translation>erwartet wird ein Objekt mit einem Parameter und seinen Werten.</translation>
    </message>
    <message>
        <source>repeats must be 1 or more, and the precision target and most repeats 0 or more.</source>
        <translation>die Wiederholungen müssen 1 oder mehr sein, das Genauigkeitsziel und die meisten Wiederholungen 0 oder mehr.</translation>
    </message>
    <message>
        <source>This is not a tcptune session (its &quot;kind&quot; is not &quot;%1&quot;). Open a *.%2 file that File &gt; Save session wrote; a capture opens with File &gt; Open capture, a spec with the Sweep tab or the sweep command.</source>
        <translation>Dies ist keine tcptune-Sitzung (ihr „kind“ ist nicht „%1“). Öffnen Sie eine *.%2-Datei, die Datei &gt; Sitzung speichern geschrieben hat; ein Mitschnitt öffnet sich mit Datei &gt; Mitschnitt öffnen, eine Spezifikation mit dem Reiter Sweep oder dem Befehl sweep.</translation>
    </message>
    <message>
        <source>The session has no valid schema_version (a whole number from 1). Save the session again with tcptune.</source>
        <translation>Die Sitzung hat keine gültige schema_version (eine ganze Zahl ab 1). Speichern Sie die Sitzung erneut mit tcptune.</translation>
    </message>
    <message>
        <source>The session was saved by a newer tcptune (session format %1; this one reads format %2 and older). Update tcptune to open it.</source>
        <translation>Die Sitzung wurde von einem neueren tcptune gespeichert (Sitzungsformat %1; dieses liest Format %2 und älter). Aktualisieren Sie tcptune, um sie zu öffnen.</translation>
    </message>
    <message>
        <source>expected the form as an object.</source>
        <translation>erwartet wird das Formular als Objekt.</translation>
    </message>
    <message>
        <source>The session is not valid JSON at byte %1 (%2): the file is damaged or cut short. Open another copy, or save the session again.</source>
        <translation>Die Sitzung ist bei Byte %1 kein gültiges JSON (%2): die Datei ist beschädigt oder abgeschnitten. Öffnen Sie eine andere Kopie, oder speichern Sie die Sitzung erneut.</translation>
    </message>
    <message>
        <source>The session is not a JSON object. Open a *.%1 file that File &gt; Save session wrote.</source>
        <translation>Die Sitzung ist kein JSON-Objekt. Öffnen Sie eine *.%1-Datei, die Datei &gt; Sitzung speichern geschrieben hat.</translation>
    </message>
</context>
<context>
    <name>ThroughputUnit</name>
    <message>
        <source>Mbit/s</source>
        <translation>Mbit/s</translation>
    </message>
    <message>
        <source>Gbit/s</source>
        <translation>Gbit/s</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a throughput unit; give mbit (Mbit/s), gbit (Gbit/s) or MB (MB/s).</source>
        <translation>„%1“ ist keine Durchsatzeinheit; geben Sie mbit (Mbit/s), gbit (Gbit/s) oder MB (MB/s) an.</translation>
    </message>
</context>
<context>
    <name>tcptune::ThroughputUnitMenu</name>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Throughput unit</source>
        <translation>&amp;Durchsatzeinheit</translation>
    </message>
    <message>
        <source>&amp;Megabits per second (%1)</source>
        <translation>&amp;Megabit pro Sekunde (%1)</translation>
    </message>
    <message>
        <source>&amp;Gigabits per second (%1)</source>
        <translation>&amp;Gigabit pro Sekunde (%1)</translation>
    </message>
    <message>
        <source>M&amp;egabytes per second (%1)</source>
        <translation>M&amp;egabyte pro Sekunde (%1)</translation>
    </message>
</context>
<context>
    <name>AffinityOption</name>
    <message>
        <source>Run %1 on CPUS only (as taskset -c takes them: 1, 0,2 or 0-3), as iperf3 -A does.</source>
        <translation>%1 nur auf den CPUs CPUS laufen lassen (wie taskset -c sie nimmt: 1, 0,2 oder 0-3), wie iperf3 -A.</translation>
    </message>
</context>
<context>
    <name>CpuAffinity</name>
    <message>
        <source>&apos;%1&apos; is not a CPU list; give CPU numbers as taskset -c takes them, e.g. 1, 0,2 or 0-3.</source>
        <translation>„%1“ ist keine CPU-Liste; geben Sie CPU-Nummern an, wie taskset -c sie nimmt, z. B. 1, 0,2 oder 0-3.</translation>
    </message>
    <message>
        <source>CPU %1 is not one this process may run on; choose from %2.</source>
        <translation>Auf CPU %1 darf dieser Prozess nicht laufen; wählen Sie aus %2.</translation>
    </message>
    <message>
        <source>Cannot run on CPUs %1: %2.</source>
        <translation>Kann nicht auf den CPUs %1 laufen: %2.</translation>
    </message>
    <message>
        <source>Cannot run thread %1 on CPUs %2: %3.</source>
        <translation>Kann Thread %1 nicht auf den CPUs %2 laufen lassen: %3.</translation>
    </message>
</context>
<context>
    <name>ThroughputUnitOption</name>
    <message>
        <source>Throughput in mbit (Mbit/s, the default), gbit (Gbit/s) or MB (MB/s); iperf3&apos;s m, g and M work too. JSON stays in bit/s.</source>
        <translation>Durchsatz in mbit (Mbit/s, Vorgabe), gbit (Gbit/s) oder MB (MB/s); die Buchstaben m, g und M von iperf3 gehen auch. JSON bleibt in bit/s.</translation>
    </message>
</context>
<context>
    <name>tcptune::CaptureFlowMenu</name>
    <message>
        <source>&amp;Copy flow</source>
        <translation>Fluss &amp;kopieren</translation>
    </message>
    <message>
        <source>Copy as display &amp;filter</source>
        <translation>Als Anzeige&amp;filter kopieren</translation>
    </message>
    <message>
        <source>For Wireshark&apos;s filter bar or tshark -Y: this flow&apos;s packets, both directions.</source>
        <translation>Für die Filterleiste von Wireshark oder tshark -Y: die Pakete dieses Flusses, in beide Richtungen.</translation>
    </message>
    <message>
        <source>Copy capture file &amp;path</source>
        <translation>&amp;Pfad der Mitschnittdatei kopieren</translation>
    </message>
    <message>
        <source>&amp;Open containing folder</source>
        <translation>Enthaltenden &amp;Ordner öffnen</translation>
    </message>
    <message>
        <source>Copied %1.</source>
        <translation>Kopiert: %1.</translation>
    </message>
    <message>
        <source>the flow&apos;s row</source>
        <translation>die Zeile des Flusses</translation>
    </message>
    <message>
        <source>the flow&apos;s display filter</source>
        <translation>der Anzeigefilter des Flusses</translation>
    </message>
    <message>
        <source>the capture file&apos;s path</source>
        <translation>der Pfad der Mitschnittdatei</translation>
    </message>
    <message>
        <source>No file manager opened %1; its path is %2 (Copy capture file path puts it on the clipboard).</source>
        <translation>Kein Dateimanager hat %1 geöffnet; der Pfad ist %2 (Pfad der Mitschnittdatei kopieren legt ihn in die Zwischenablage).</translation>
    </message>
    <message>
        <source>TCP &amp;stream graph</source>
        <translation>TCP-&amp;Stream-Graph</translation>
    </message>
    <message>
        <source>The flow&apos;s segments, ACKs, window and SACK blocks over time, as tcptrace and Wireshark draw them (also a double-click on the row).</source>
        <translation>Die Segmente, ACKs, das Fenster und die SACK-Blöcke des Flusses über die Zeit, wie tcptrace und Wireshark sie zeichnen (auch per Doppelklick auf die Zeile).</translation>
    </message>
</context>
<context>
    <name>WorkloadDescriptor</name>
    <message>
        <source>bulk stream</source>
        <translation>Massenstrom</translation>
    </message>
    <message>
        <source>request/response</source>
        <translation>Anfrage/Antwort</translation>
    </message>
    <message>
        <source>split writes</source>
        <translation>geteilte Schreibvorgänge</translation>
    </message>
    <message>
        <source>Each write is split in two: a small header, then the data (as iSCSI PDUs).</source>
        <translation>Jeder Schreibvorgang wird zweigeteilt: erst ein kleiner Kopf, dann die Daten (wie iSCSI-PDUs).</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <comment>the last of a list of choices</comment>
        <translation>%1 oder %2</translation>
    </message>
    <message>
        <source>latency under load</source>
        <translation>Latenz unter Last</translation>
    </message>
    <message>
        <source>Bulk streams each way with UDP and TCP latency probes every 100 ms, after an idle phase that gives the baseline (Flent&apos;s RRUL).</source>
        <translation>Bulk-Streams in beide Richtungen mit UDP- und TCP-Latenzsonden alle 100 ms, nach einer Ruhephase, die die Basislinie liefert (Flents RRUL).</translation>
    </message>
</context>
<context>
    <name>CaptureChart</name>
    <message>
        <source>&apos;%1&apos; names no capture flow; write capture:FILE#FLOW, e.g. capture:run.pcap#1 (FLOW is the row of &apos;tcptune analyze FILE&apos;).</source>
        <translation>&apos;%1&apos; nennt keinen Fluss eines Mitschnitts; schreiben Sie capture:DATEI#FLUSS, z. B. capture:run.pcap#1 (FLUSS ist die Zeile von &apos;tcptune analyze DATEI&apos;).</translation>
    </message>
    <message>
        <source>--graph &apos;%1&apos; is not a stream graph; use one of %2.</source>
        <translation>--graph &apos;%1&apos; ist kein Stream-Graph; verwenden Sie einen von %2.</translation>
    </message>
    <message>
        <source>--direction &apos;%1&apos; is not a direction; use c2s (client to server) or s2c.</source>
        <translation>--direction &apos;%1&apos; ist keine Richtung; verwenden Sie c2s (Client zum Server) oder s2c.</translation>
    </message>
    <message>
        <source>--window &apos;%1&apos; is not a number of seconds; use e.g. --window 0.5.</source>
        <translation>--window &apos;%1&apos; ist keine Zahl von Sekunden; verwenden Sie z. B. --window 0.5.</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>%1 geschrieben</translation>
    </message>
</context>
<context>
    <name>StreamGraphPlot</name>
    <message>
        <source>Time-sequence (tcptrace): %1 -&gt; %2</source>
        <translation>Zeit-Sequenz (tcptrace): %1 -&gt; %2</translation>
    </message>
    <message>
        <source>Sequence number (B)</source>
        <translation>Sequenznummer (B)</translation>
    </message>
    <message>
        <source>Bytes in flight: %1 -&gt; %2</source>
        <translation>Bytes unterwegs: %1 -&gt; %2</translation>
    </message>
    <message>
        <source>TCP_INFO snd_cwnd × MSS (%1 B)</source>
        <translation>TCP_INFO snd_cwnd × MSS (%1 B)</translation>
    </message>
    <message>
        <source>TCP_INFO unacked × MSS (%1 B)</source>
        <translation>TCP_INFO unbestätigt × MSS (%1 B)</translation>
    </message>
    <message>
        <source>Bytes in flight (B)</source>
        <translation>Bytes unterwegs (B)</translation>
    </message>
    <message>
        <source>RTT per acknowledged segment: %1 -&gt; %2</source>
        <translation>RTT je bestätigtem Segment: %1 -&gt; %2</translation>
    </message>
    <message>
        <source>RTT (ms)</source>
        <translation>RTT (ms)</translation>
    </message>
    <message>
        <source>Throughput, %1 s average: %2 -&gt; %3</source>
        <translation>Durchsatz, Mittel über %1 s: %2 -&gt; %3</translation>
    </message>
    <message>
        <source>Throughput (Mbit/s)</source>
        <translation>Durchsatz (Mbit/s)</translation>
    </message>
    <message>
        <source>Segments</source>
        <translation>Segmente</translation>
    </message>
    <message>
        <source>ACK</source>
        <translation>ACK</translation>
    </message>
    <message>
        <source>Receive window</source>
        <translation>Empfangsfenster</translation>
    </message>
    <message>
        <source>SACK blocks</source>
        <translation>SACK-Blöcke</translation>
    </message>
    <message>
        <source>Retransmissions</source>
        <translation>Neuübertragungen</translation>
    </message>
    <message>
        <source>Window full</source>
        <translation>Fenster voll</translation>
    </message>
    <message>
        <source>Duplicate ACKs</source>
        <translation>Doppelte ACKs</translation>
    </message>
    <message>
        <source>Zero window</source>
        <translation>Nullfenster</translation>
    </message>
    <message>
        <source>Bytes in flight</source>
        <translation>Bytes unterwegs</translation>
    </message>
    <message>
        <source>RTT</source>
        <translation>RTT</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>Zeit (s)</translation>
    </message>
    <message>
        <source>seq %1 B</source>
        <translation>Seq %1 B</translation>
    </message>
    <message>
        <source>%1 B in flight</source>
        <translation>%1 B unterwegs</translation>
    </message>
    <message>
        <source>RTT %1 ms</source>
        <translation>RTT %1 ms</translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation>%1 Mbit/s</translation>
    </message>
    <message>
        <source>%1 s, %2</source>
        <translation>%1 s, %2</translation>
    </message>
    <message>
        <source>rwnd-limited</source>
        <translation>rwnd-begrenzt</translation>
    </message>
    <message>
        <source>sndbuf-limited</source>
        <translation>sndbuf-begrenzt</translation>
    </message>
    <message>
        <source>cwnd-limited</source>
        <translation>cwnd-begrenzt</translation>
    </message>
</context>
<context>
    <name>StreamGraphReader</name>
    <message numerus="yes">
        <source>The graph of this flow would need more than the %1 MB of memory allowed; it shows the first %n packet(s). Graph a part of the capture (editcap -c 1000000 FILE part.pcap splits it).</source>
        <translation>
            <numerusform>Der Graph dieses Flusses bräuchte mehr als die erlaubten %1 MB Speicher; er zeigt das erste Paket. Zeichnen Sie einen Teil des Mitschnitts (editcap -c 1000000 DATEI teil.pcap teilt ihn).</numerusform>
            <numerusform>Der Graph dieses Flusses bräuchte mehr als die erlaubten %1 MB Speicher; er zeigt die ersten %n Pakete. Zeichnen Sie einen Teil des Mitschnitts (editcap -c 1000000 DATEI teil.pcap teilt ihn).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n TCP flow(s), so there is no flow %2; &apos;tcptune analyze %1&apos; lists them, largest first, numbered from 1.</source>
        <translation>
            <numerusform>%1 enthält einen TCP-Fluss, also gibt es keinen Fluss %2; &apos;tcptune analyze %1&apos; listet die Flüsse, den größten zuerst, ab 1 nummeriert.</numerusform>
            <numerusform>%1 enthält %n TCP-Flüsse, also gibt es keinen Fluss %2; &apos;tcptune analyze %1&apos; listet sie, den größten zuerst, ab 1 nummeriert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PacketDetailsReader</name>
    <message>
        <source>Cannot read the capture %1 (%2); open it again from the Captures tab.</source>
        <translation>Der Mitschnitt %1 lässt sich nicht lesen (%2); öffnen Sie ihn im Reiter Mitschnitte erneut.</translation>
    </message>
    <message>
        <source>Frame %1 of %2 is no TCP segment tcptune can decode; Wireshark shows what it holds.</source>
        <translation>Frame %1 von %2 ist kein TCP-Segment, das tcptune dekodieren kann; Wireshark zeigt, was er enthält.</translation>
    </message>
    <message>
        <source>%1 has no frame %2 that tcptune can read (it ends or is damaged before it); was the file replaced since it was opened?</source>
        <translation>%1 hat keinen Frame %2, den tcptune lesen kann (die Datei endet vorher oder ist davor beschädigt); wurde sie seit dem Öffnen ersetzt?</translation>
    </message>
</context>
<context>
    <name>PacketDetailsText</name>
    <message>
        <source>Frame %1</source>
        <translation>Frame %1</translation>
    </message>
    <message>
        <source>Time: %1 s</source>
        <translation>Zeit: %1 s</translation>
    </message>
    <message>
        <source>Flags: %1</source>
        <translation>Flags: %1</translation>
    </message>
    <message>
        <source>Seq: %1 (raw %2)</source>
        <translation>Seq: %1 (roh %2)</translation>
    </message>
    <message>
        <source>Ack (raw): %1</source>
        <translation>Ack (roh): %1</translation>
    </message>
    <message>
        <source>Ack: none (no ACK flag)</source>
        <translation>Ack: keins (kein ACK-Flag)</translation>
    </message>
    <message>
        <source>Length: %1 B</source>
        <translation>Länge: %1 B</translation>
    </message>
    <message>
        <source>Window: %1 (as on the wire, unscaled)</source>
        <translation>Fenster: %1 (wie auf der Leitung, unskaliert)</translation>
    </message>
    <message>
        <source>Options: %1</source>
        <translation>Optionen: %1</translation>
    </message>
    <message>
        <source>SACK blocks (raw): %1</source>
        <translation>SACK-Blöcke (roh): %1</translation>
    </message>
    <message>
        <source>Analysis: %1</source>
        <translation>Analyse: %1</translation>
    </message>
    <message>
        <source>Bytes in flight: %1</source>
        <translation>Bytes unterwegs: %1</translation>
    </message>
    <message>
        <source>MSS %1</source>
        <translation>MSS %1</translation>
    </message>
    <message>
        <source>window scale %1 (x%2)</source>
        <translation>Fensterskalierung %1 (x%2)</translation>
    </message>
    <message>
        <source>SACK permitted</source>
        <translation>SACK erlaubt</translation>
    </message>
    <message>
        <source>timestamps TSval %1, TSecr %2</source>
        <translation>Zeitstempel TSval %1, TSecr %2</translation>
    </message>
    <message numerus="yes">
        <source>SACK (%n block(s))</source>
        <translation>
            <numerusform>SACK (%n Block)</numerusform>
            <numerusform>SACK (%n Blöcke)</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>retransmission</source>
        <translation>Neuübertragung</translation>
    </message>
    <message>
        <source>duplicate ACK</source>
        <translation>doppelter ACK</translation>
    </message>
    <message>
        <source>zero window</source>
        <translation>Nullfenster</translation>
    </message>
    <message>
        <source>window full</source>
        <translation>Fenster voll</translation>
    </message>
</context>
<context>
    <name>tcptune::StreamGraphView</name>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>Zoom &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>TCP stream graph: %1, flow %2</source>
        <translation>TCP-Stream-Graph: %1, Fluss %2</translation>
    </message>
    <message>
        <source>Time-sequence (tcptrace)</source>
        <translation>Zeit-Sequenz (tcptrace)</translation>
    </message>
    <message>
        <source>Bytes in flight</source>
        <translation>Bytes unterwegs</translation>
    </message>
    <message>
        <source>RTT</source>
        <translation>RTT</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Client → server</source>
        <translation>Client → Server</translation>
    </message>
    <message>
        <source>Server → client</source>
        <translation>Server → Client</translation>
    </message>
    <message>
        <source>The whole graph again (also a double-click on the graph, or Home).</source>
        <translation>Wieder der ganze Graph (auch per Doppelklick auf den Graphen oder Pos1).</translation>
    </message>
    <message>
        <source>The bytes in flight graph also shows the TCP_INFO of the run that recorded this capture.</source>
        <translation>Der Graph der Bytes unterwegs zeigt auch TCP_INFO des Laufs, der diesen Mitschnitt aufgezeichnet hat.</translation>
    </message>
    <message>
        <source>Click a segment to see its packet.</source>
        <translation>Klicken Sie auf ein Segment, um sein Paket zu sehen.</translation>
    </message>
    <message>
        <source>&amp;Graph:</source>
        <translation>&amp;Graph:</translation>
    </message>
    <message>
        <source>&amp;Direction:</source>
        <translation>&amp;Richtung:</translation>
    </message>
    <message>
        <source>Reading flow %1 of %2...</source>
        <translation>Lese Fluss %1 von %2...</translation>
    </message>
    <message>
        <source>The stream graph could not be read: %1 Open the capture again from the Captures tab, or check it with &apos;tcptune analyze FILE&apos;.</source>
        <translation>Der Stream-Graph ließ sich nicht lesen: %1 Öffnen Sie den Mitschnitt im Reiter Mitschnitte erneut, oder prüfen Sie ihn mit &apos;tcptune analyze DATEI&apos;.</translation>
    </message>
    <message>
        <source>%1 segments, %2 ACKs, %3 retransmissions. Drag a rectangle to zoom, drag with the right button or press the arrow keys to pan, double-click or Home for the whole graph; click a segment for its packet.</source>
        <translation>%1 Segmente, %2 ACKs, %3 Neuübertragungen. Ziehen Sie ein Rechteck zum Zoomen, ziehen Sie mit der rechten Maustaste oder drücken Sie die Pfeiltasten zum Verschieben, Doppelklick oder Pos1 zeigt den ganzen Graphen; ein Klick auf ein Segment zeigt sein Paket.</translation>
    </message>
    <message>
        <source>Reading frame %1...</source>
        <translation>Lese Frame %1...</translation>
    </message>
    <message>
        <source>The packet could not be read: %1</source>
        <translation>Das Paket ließ sich nicht lesen: %1</translation>
    </message>
    <message>
        <source>The shaded spans show what held that run&apos;s sender back.</source>
        <translation>Die schattierten Abschnitte zeigen, was den Sender dieses Laufs gebremst hat.</translation>
    </message>
</context>
<context>
    <name>SysctlFiles</name>
    <message>
        <source>%1 is not a sysctl: a sysctl.d file only holds sysctls.</source>
        <translation>%1 ist kein Sysctl: Eine sysctl.d-Datei enthält nur Sysctls.</translation>
    </message>
    <message>
        <source>The value of %1 must be a string such as &quot;262144&quot;.</source>
        <translation>Der Wert von %1 muss eine Zeichenkette sein, etwa &quot;262144&quot;.</translation>
    </message>
    <message>
        <source>%1 = %2 turns a core TCP feature off (%3) for every connection of this machine from the next boot on. It is only written with an explicit confirmation.</source>
        <translation>%1 = %2 schaltet ab dem nächsten Start eine TCP-Grundfunktion (%3) für jede Verbindung dieses Rechners ab. Das wird nur mit ausdrücklicher Bestätigung geschrieben.</translation>
    </message>
    <message>
        <source>Parameter &quot;sysctls&quot; must be an object of 1 to %1 sysctls and their values.</source>
        <translation>Parameter &quot;sysctls&quot; muss ein Objekt mit 1 bis %1 Sysctls und ihren Werten sein.</translation>
    </message>
    <message>
        <source>%1 is not a file tcptune wrote (not a plain file of at most 64 KiB); it is left alone.</source>
        <translation>%1 ist keine Datei, die tcptune geschrieben hat (keine einfache Datei von höchstens 64 KiB); sie bleibt unangetastet.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Cannot create the folder of %1.</source>
        <translation>Der Ordner von %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>There is no permanent setting named %1 (%2 does not exist); &apos;tcptune tune --list-permanent&apos; lists them.</source>
        <translation>Es gibt keine dauerhafte Einstellung namens %1 (%2 existiert nicht); &apos;tcptune tune --list-permanent&apos; listet sie auf.</translation>
    </message>
    <message>
        <source>Cannot remove %1.</source>
        <translation>%1 kann nicht entfernt werden.</translation>
    </message>
    <message>
        <source>it was not written by tcptune (its first line is not &quot;%1%2&quot;), so it is left alone.</source>
        <translation>sie wurde nicht von tcptune geschrieben (ihre erste Zeile ist nicht &quot;%1%2&quot;) und bleibt daher unangetastet.</translation>
    </message>
    <message>
        <source>line &quot;%1&quot; is not &quot;key = value&quot;.</source>
        <translation>Zeile &quot;%1&quot; hat nicht die Form &quot;Schlüssel = Wert&quot;.</translation>
    </message>
</context>
<context>
    <name>TuneHostConfirmation</name>
    <message>
        <source>Tune this host&apos;s own knobs?</source>
        <translation>Die eigenen Parameter dieses Rechners tunen?</translation>
    </message>
    <message>
        <source>The tuner may change these knobs of this host while it runs; every connection of the machine feels them. They are put back when the tune ends or is stopped.</source>
        <translation>Der Tuner darf diese Parameter dieses Rechners ändern, solange er läuft; jede Verbindung des Rechners spürt sie. Sie werden zurückgestellt, wenn das Tuning endet oder gestoppt wird.</translation>
    </message>
</context>
<context>
    <name>TuneTexts</name>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>transactions/s</source>
        <translation>Transaktionen/s</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 %2 (95 % CI %3 .. %4)</source>
        <translation>%1 %2 (95-%-KI %3 .. %4)</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>Ausgangsmessung</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>schlechter</translation>
    </message>
    <message>
        <source>no difference</source>
        <translation>kein Unterschied</translation>
    </message>
    <message>
        <source>lost throughput</source>
        <translation>Durchsatz verloren</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>The tuner stopped: a whole round of candidates won nothing.</source>
        <translation>Der Tuner hat aufgehört: Eine ganze Runde von Kandidaten hat nichts gewonnen.</translation>
    </message>
    <message>
        <source>The tuner stopped: the flow already fills the path.</source>
        <translation>Der Tuner hat aufgehört: Der Fluss füllt den Pfad bereits.</translation>
    </message>
    <message>
        <source>The tuner stopped: its budget of runs or time is spent.</source>
        <translation>Der Tuner hat aufgehört: Sein Budget an Läufen oder Zeit ist verbraucht.</translation>
    </message>
    <message>
        <source>The tune was stopped before it ended.</source>
        <translation>Das Tuning wurde vor seinem Ende gestoppt.</translation>
    </message>
    <message>
        <source>The tuner stopped: the verdict points at no knob it may change.</source>
        <translation>Der Tuner hat aufgehört: Der Befund zeigt auf keinen Parameter, den er ändern darf.</translation>
    </message>
    <message>
        <source>The tuner stopped: the starting configuration&apos;s runs failed.</source>
        <translation>Der Tuner hat aufgehört: Die Läufe der Ausgangskonfiguration sind fehlgeschlagen.</translation>
    </message>
    <message>
        <source>far end</source>
        <translation>Gegenstelle</translation>
    </message>
    <message>
        <source>this end</source>
        <translation>dieses Ende</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
</context>
<context>
    <name>tcptune::TuneAnswerActions</name>
    <message>
        <source>sysctl.d file (*.conf)</source>
        <translation>sysctl.d-Datei (*.conf)</translation>
    </message>
    <message>
        <source>tuned profile (tuned.conf)</source>
        <translation>tuned-Profil (tuned.conf)</translation>
    </message>
    <message>
        <source>Shell script (*.sh)</source>
        <translation>Shell-Skript (*.sh)</translation>
    </message>
    <message>
        <source>Socket options (*.txt)</source>
        <translation>Socket-Optionen (*.txt)</translation>
    </message>
    <message>
        <source>E&amp;xport...</source>
        <translation>E&amp;xportieren...</translation>
    </message>
    <message>
        <source>Apply until I quit</source>
        <translation>Vorläufig setzen</translation>
    </message>
    <message>
        <source>Make permanent...</source>
        <translation>Dauerhaft machen...</translation>
    </message>
    <message>
        <source>No answer yet: start a tune and let it end.</source>
        <translation>Noch keine Antwort: ein Tuning starten und enden lassen.</translation>
    </message>
    <message>
        <source>The tune recommends no change.</source>
        <translation>Das Tuning empfiehlt keine Änderung.</translation>
    </message>
    <message>
        <source>The tune recommends no sysctl on this end.</source>
        <translation>Das Tuning empfiehlt kein sysctl an diesem Ende.</translation>
    </message>
    <message>
        <source>Save the recommended changes as a file.</source>
        <translation>Die empfohlenen Änderungen als Datei speichern.</translation>
    </message>
    <message>
        <source>Set this end&apos;s recommended sysctls now; tcptune puts them back when it quits.</source>
        <translation>Die empfohlenen sysctls dieses Endes jetzt setzen; tcptune stellt sie beim Beenden zurück.</translation>
    </message>
    <message>
        <source>Write this end&apos;s recommended sysctls to a file in /etc/sysctl.d, loaded at every boot.</source>
        <translation>Die empfohlenen sysctls dieses Endes in eine Datei in /etc/sysctl.d schreiben, die bei jedem Start geladen wird.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>This end</source>
        <translation>Dieses Ende</translation>
    </message>
    <message>
        <source>Far end</source>
        <translation>Gegenstelle</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Whose changes to export:</source>
        <translation>Wessen Änderungen exportieren:</translation>
    </message>
    <message>
        <source>Export the recommended changes</source>
        <translation>Die empfohlenen Änderungen exportieren</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1 geschrieben.</translation>
    </message>
    <message>
        <source>Applied until tcptune quits: %1.</source>
        <translation>Bis zum Beenden von tcptune gesetzt: %1.</translation>
    </message>
    <message>
        <source>Make permanent</source>
        <translation>Dauerhaft machen</translation>
    </message>
    <message>
        <source>This host loads the file at every boot: /etc/sysctl.d/90-tcptune-NAME.conf. Name:</source>
        <translation>Dieser Rechner lädt die Datei bei jedem Start: /etc/sysctl.d/90-tcptune-NAME.conf. Name:</translation>
    </message>
    <message>
        <source>Wrote %1: this host loads it at every boot.</source>
        <translation>%1 geschrieben: Dieser Rechner lädt sie bei jedem Start.</translation>
    </message>
</context>
<context>
    <name>tcptune::TuneAnswerView</name>
    <message>
        <source>Start a tune: its answer appears here when it ends.</source>
        <translation>Ein Tuning starten: Seine Antwort erscheint hier, wenn es endet.</translation>
    </message>
    <message>
        <source>No change to recommend: keep the knobs as they are.</source>
        <translation>Keine Änderung zu empfehlen: Die Parameter bleiben, wie sie sind.</translation>
    </message>
    <message>
        <source>Recommended on the far end:</source>
        <translation>Empfohlen an der Gegenstelle:</translation>
    </message>
    <message>
        <source>Recommended on this end:</source>
        <translation>Empfohlen an diesem Ende:</translation>
    </message>
    <message>
        <source>The tune could not start: %1</source>
        <translation>Das Tuning konnte nicht starten: %1</translation>
    </message>
    <message>
        <source>Objective: %1 before, %2 after; gain %3.</source>
        <translation>Zielgröße: vorher %1, nachher %2; Gewinn %3.</translation>
    </message>
    <message>
        <source>Objective: %1.</source>
        <translation>Zielgröße: %1.</translation>
    </message>
    <message>
        <source>Verdict before: %1</source>
        <translation>Befund vorher: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>Verdict after: %1</source>
        <translation>Befund nachher: %1</translation>
    </message>
    <message>
        <source>Runs used: %1. Stored as experiment %2 (the History tab shows it).</source>
        <translation>Läufe verwendet: %1. Gespeichert als Experiment %2 (im Verlauf zu sehen).</translation>
    </message>
</context>
<context>
    <name>tcptune::TuneObjectiveChart</name>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>Verworfen</translation>
    </message>
    <message>
        <source>The objective of each run</source>
        <translation>Die Zielgröße jedes Laufs</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Zielgröße</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Incumbent</source>
        <translation>Bester</translation>
    </message>
</context>
<context>
    <name>tcptune::TunePanel</name>
    <message>
        <source>This end</source>
        <translation>Dieses Ende</translation>
    </message>
    <message>
        <source>Far end</source>
        <translation>Gegenstelle</translation>
    </message>
    <message>
        <source>This host&apos;s own knobs</source>
        <translation>Eigene Parameter dieses Rechners</translation>
    </message>
    <message>
        <source>S&amp;tart tune</source>
        <translation>Tuning s&amp;tarten</translation>
    </message>
    <message>
        <source>Stop tune</source>
        <translation>Tuning stoppen</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>Durchsatz</translation>
    </message>
    <message>
        <source>Latency (RTT p95)</source>
        <translation>Latenz (RTT p95)</translation>
    </message>
    <message>
        <source>Transactions/s</source>
        <translation>Transaktionen/s</translation>
    </message>
    <message>
        <source>Latency: a candidate must keep at least this share of the best throughput seen.</source>
        <translation>Latenz: Ein Kandidat muss mindestens diesen Anteil des besten gesehenen Durchsatzes halten.</translation>
    </message>
    <message>
        <source>At most this many runs, the baseline&apos;s included.</source>
        <translation>Höchstens so viele Läufe, die der Ausgangsmessung eingeschlossen.</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>And at most this long.</source>
        <translation>Und höchstens so lange.</translation>
    </message>
    <message>
        <source>The far end&apos;s knobs change only for ssh targets whose helper can set them.</source>
        <translation>Die Parameter der Gegenstelle ändern sich nur bei ssh-Zielen, deren Helfer sie setzen kann.</translation>
    </message>
    <message>
        <source>For targets other than the lab: let the tuner change this host&apos;s own knobs (it asks first, naming each).</source>
        <translation>Für andere Ziele als das Labor: Den Tuner die eigenen Parameter dieses Rechners ändern lassen (er fragt vorher und nennt jeden).</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>keep</source>
        <translation>halten</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Umfang</translation>
    </message>
    <message>
        <source>runs, at most</source>
        <translation>Läufe, höchstens</translation>
    </message>
    <message>
        <source>Knobs of</source>
        <translation>Parameter von</translation>
    </message>
    <message>
        <source>Run %1 of at most %2: trial %3 (%4), repeat %5.</source>
        <translation>Lauf %1 von höchstens %2: Versuch %3 (%4), Wiederholung %5.</translation>
    </message>
    <message>
        <source>the baseline</source>
        <translation>die Ausgangsmessung</translation>
    </message>
    <message>
        <source>Confirm the knobs of this host the tuner may change: check &quot;%1&quot; again.</source>
        <translation>Die Parameter dieses Rechners bestätigen, die der Tuner ändern darf: „%1“ erneut ankreuzen.</translation>
    </message>
    <message>
        <source>The tune runs; its answer appears here when it ends.</source>
        <translation>Das Tuning läuft; seine Antwort erscheint hier, wenn es endet.</translation>
    </message>
    <message>
        <source>Another run or sweep is in progress.</source>
        <translation>Ein anderer Lauf oder Durchlauf ist im Gang.</translation>
    </message>
    <message>
        <source>Tune started: at most %1 runs.</source>
        <translation>Tuning gestartet: höchstens %1 Läufe.</translation>
    </message>
    <message>
        <source>Stopping; knobs are being restored...</source>
        <translation>Wird gestoppt; die Parameter werden zurückgestellt...</translation>
    </message>
    <message>
        <source>tcptune tune %1</source>
        <translation>tcptune tune %1</translation>
    </message>
    <message>
        <source>The tune ended without an answer; see the message above. Every knob is back.</source>
        <translation>Das Tuning endete ohne Antwort; siehe die Meldung oben. Jeder Parameter ist zurückgestellt.</translation>
    </message>
    <message>
        <source>Tune ended (runs used: %1). Every knob it changed is back to its value before.</source>
        <translation>Tuning beendet (Läufe verwendet: %1). Jeder geänderte Parameter hat wieder seinen Wert von vorher.</translation>
    </message>
</context>
<context>
    <name>tcptune::TuneTrialsTable</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Knob</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>From → to</source>
        <translation>Von → nach</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Mean (%1)</source>
        <translation>Mittel (%1)</translation>
    </message>
    <message>
        <source>Difference (%1, 95 % CI)</source>
        <translation>Unterschied (%1, 95-%-KI)</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>(baseline)</source>
        <translation>(Basis)</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>max %1 → %2</source>
        <translation>max. %1 → %2</translation>
    </message>
</context>
<context>
    <name>TunePermanent</name>
    <message>
        <source>No permanent settings: &apos;tcptune tune SPEC --make-permanent NAME&apos; makes one.</source>
        <translation>Keine dauerhaften Einstellungen: &apos;tcptune tune SPEC --make-permanent NAME&apos; legt eine an.</translation>
    </message>
    <message>
        <source>After the tune: write its changes of this end&apos;s sysctls to /etc/sysctl.d/90-tcptune-NAME.conf through tcptune-helper, loaded at every boot (not now: the file takes effect at the next boot).</source>
        <translation>Nach dem Tuning: seine Änderungen an den Sysctls dieses Endes über tcptune-helper nach /etc/sysctl.d/90-tcptune-NAME.conf schreiben, die bei jedem Start geladen wird (nicht sofort: die Datei wirkt ab dem nächsten Start).</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>Remove the permanent setting NAME (its sysctl.d file) and exit; runs nothing.</source>
        <translation>Die dauerhafte Einstellung NAME (ihre sysctl.d-Datei) entfernen und beenden; führt nichts aus.</translation>
    </message>
    <message>
        <source>List the permanent settings tcptune wrote and exit; runs nothing.</source>
        <translation>Die von tcptune geschriebenen dauerhaften Einstellungen auflisten und beenden; führt nichts aus.</translation>
    </message>
    <message>
        <source>Removed %1; from the next boot on the kernel&apos;s defaults apply again to:</source>
        <translation>%1 entfernt; ab dem nächsten Start gelten wieder die Vorgaben des Kernels für:</translation>
    </message>
    <message>
        <source>The far end&apos;s changes are not made permanent from here: write them there with &apos;--export-end remote --export-sysctl FILE&apos; and copy the file to its /etc/sysctl.d.</source>
        <translation>Die Änderungen des fernen Endes werden nicht von hier aus dauerhaft gemacht: mit &apos;--export-end remote --export-sysctl DATEI&apos; schreiben und die Datei in dessen /etc/sysctl.d kopieren.</translation>
    </message>
    <message>
        <source>Nothing made permanent: the answer changes no sysctl of this end.</source>
        <translation>Nichts dauerhaft gemacht: die Antwort ändert kein Sysctl dieses Endes.</translation>
    </message>
    <message>
        <source>Made permanent from the next boot on (&apos;tcptune tune --undo %1&apos; removes it):</source>
        <translation>Ab dem nächsten Start dauerhaft (&apos;tcptune tune --undo %1&apos; entfernt es):</translation>
    </message>
</context>
</TS>
