// tcptune_core is the union of the backend layers; this file gives the archive its one symbol.
namespace tcptune {
const char *coreVersion()
{
    return TCPTUNE_VERSION;
}
} // namespace tcptune
