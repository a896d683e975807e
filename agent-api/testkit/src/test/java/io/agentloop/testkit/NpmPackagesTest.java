package io.agentloop.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A test that needs packages from npm fails, saying what to install, on a machine without Node.js or npm. */
class NpmPackagesTest {

    @Test
    void withoutNodeTheTestFailsNamingWhatToInstallAndInstallsNothing(@TempDir Path folder) {
        NpmPackages packages = new NpmPackages(folder, Map.of("@a2a-js/sdk", "1.3.0"), "the interoperability tests "
                + "run a client", "agentloop-no-such-node", "npm");

        assertThatThrownBy(packages::folder).isInstanceOf(IllegalStateException.class)
                .hasMessage("the interoperability tests run a client from npm and need agentloop-no-such-node (Node.js "
                        + "20 or newer with npm): install it, e.g. 'apt-get install nodejs npm', then run the tests again");
        assertThat(folder.resolve("node_modules")).doesNotExist();
    }

    @Test
    void withoutNpmTheTestFailsNamingIt(@TempDir Path folder) {
        // 'true' stands for a node that is there, whether or not this machine has one
        NpmPackages packages = new NpmPackages(folder, Map.of("@a2a-js/sdk", "1.3.0"), "the tests run a client",
                "true", "agentloop-no-such-npm");

        assertThatThrownBy(packages::folder).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("need agentloop-no-such-npm (Node.js 20 or newer with npm): install it");
        assertThat(Files.exists(folder.resolve("node_modules"))).isFalse();
    }
}
