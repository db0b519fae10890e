// tcptune-helper: the privileged half of tcptune (work in progress).
#include "helper/helper_operations.h"

int main()
{
    tcptune::HelperOperations ops;
    return ops.names().isEmpty() ? 0 : 1;
}
