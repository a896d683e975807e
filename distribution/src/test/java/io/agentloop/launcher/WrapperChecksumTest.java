package io.agentloop.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The Maven wrapper checks the Maven it downloads against {@code distributionSha256Sum} before it runs it,
 * so a changed or truncated download stops the build instead of building with it. The sum must be the real
 * one: the test hashes the same distribution, resolved from Maven Central by this build (the version is the
 * root pom's {@code wrapper-maven.version}), and fails when a new Maven is named without its new sum.
 */
class WrapperChecksumTest {

    @Test
    void theWrapperChecksTheMavenItDownloadsAgainstItsRealSha256() throws IOException, NoSuchAlgorithmException {
        Path root = Path.of(System.getProperty("agentloop.root"));
        Path distribution = Path.of(System.getProperty("agentloop.wrapper.distribution"));
        Properties wrapper = new Properties();
        try (InputStream in = Files.newInputStream(root.resolve(".mvn/wrapper/maven-wrapper.properties"))) {
            wrapper.load(in);
        }

        assertThat(wrapper.getProperty("distributionUrl", ""))
                .as("the wrapper downloads the Maven of the root pom's wrapper-maven.version")
                .endsWith("/" + distribution.getFileName());
        assertThat(wrapper.getProperty("distributionSha256Sum", ""))
                .as("distributionSha256Sum in .mvn/wrapper/maven-wrapper.properties: write the SHA-256 of "
                        + distribution.getFileName() + " (sha256sum " + distribution + ")")
                .isEqualTo(sha256(distribution));
    }

    private static String sha256(Path file) throws IOException, NoSuchAlgorithmException {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
