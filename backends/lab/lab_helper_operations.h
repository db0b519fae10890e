#pragma once
// The lab's operations in tcptune-helper: lab_up, lab_down and lab_status. They run as root, so
// every parameter is checked here: lab names must be valid (they become tcptune-NAME-* namespace
// names) and lab values go through the knob catalogue's lab parameters.
//
//   lab_up     {"name": "lab", "knobs": {"lab.rate": "50mbit", "lab.topology": "routed", ...}}
//   lab_down   {"name": "lab"}
//   lab_status {"name": "lab"} (or no name: every lab) -> also the kernel's qdiscs

namespace tcptune {

class HelperOperations;

void addLabOperations(HelperOperations &ops);

} // namespace tcptune
