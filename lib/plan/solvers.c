/* The solver table: the planner tries the solvers in this order (a tie keeps the earlier one's
 * plan), and the estimate last, so that a search never ends slower than planning without one. */
#include "plan/solver.h"

const solver *const solvers[] = {&solver_onepass, &solver_fourstep, &solver_reorder, &solver_short_factor, &solver_xpose,
                                  &solver_extra_pass, &solver_real_half, &solver_rader, &solver_bluestein, &solver_estimate,
                                  NULL};
