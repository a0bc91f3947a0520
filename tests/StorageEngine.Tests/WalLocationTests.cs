using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Tests;

public class WalLocationTests
{
    [Fact]
    public void The_default_log_lives_in_a_private_run_directory_on_a_real_filesystem_and_is_removed()
    {
        string directory;
        using (var table = new StripedTable<int, Row>(WalOptions.InPrivateDirectory()))
        {
            var wal = table.Wal!;
            directory = Path.GetDirectoryName(wal.Path)!;
            Path.GetFileName(directory).Should().StartWith("ftf-wal-");
            File.GetUnixFileMode(directory).Should().Be(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            wal.FileSystemType.Should().NotBeNullOrWhiteSpace().And.NotBe("unknown");
            FileSystemProbe.IsMemoryBacked(wal.FileSystemType).Should().BeFalse("fsync on tmpfs proves nothing");
            wal.SyncCall.Should().Be("fdatasync");
            table.Insert(1, Row.Default);
        }

        Directory.Exists(directory).Should().BeFalse();
    }

    [Fact]
    public void A_caller_chosen_directory_is_kept()
    {
        using var dir = new WalDirectory();
        using (var table = new LockTable<int, Row>(dir.Wal("mine.wal")))
        {
            table.Wal!.Path.Should().Be(dir.WalPath("mine.wal"));
        }

        File.Exists(dir.WalPath("mine.wal")).Should().BeTrue();
    }

    [Fact]
    public void Mountinfo_parsing_picks_the_longest_mount_point_and_unescapes_it()
    {
        const string mountInfo = """
            22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
            30 22 0:26 / /tmp rw,nosuid shared:5 - tmpfs tmpfs rw,size=1G
            31 22 8:2 / /var rw,relatime shared:6 - xfs /dev/sda2 rw
            32 31 8:3 / /var/tmp rw,relatime shared:7 master:1 - btrfs /dev/sda3 rw
            33 22 8:4 / /mnt/my\040disk rw,relatime - f2fs /dev/sdb1 rw
            """;
        FileSystemProbe.FindFileSystemType(mountInfo, "/var/tmp/ftf-wal-1/table.wal").Should().Be("btrfs");
        FileSystemProbe.FindFileSystemType(mountInfo, "/var/log/x").Should().Be("xfs");
        FileSystemProbe.FindFileSystemType(mountInfo, "/tmp/x").Should().Be("tmpfs");
        FileSystemProbe.FindFileSystemType(mountInfo, "/tmpfoo/x").Should().Be("ext4", "/tmp is not a prefix of /tmpfoo");
        FileSystemProbe.FindFileSystemType(mountInfo, "/mnt/my disk/a").Should().Be("f2fs");
        FileSystemProbe.FindFileSystemType(mountInfo, "/home/u").Should().Be("ext4");
    }

    [Fact]
    public void Leftovers_of_dead_runs_are_swept_but_live_ones_are_not()
    {
        using var parentRun = RunDirectory.Create("sweep-parent");
        string parent = parentRun.Path;
        string dead = Path.Combine(parent, "ftf-wal-2147483646-0badc0de"); // no such pid
        string live = Path.Combine(parent, $"ftf-wal-{Environment.ProcessId}-12345678");
        string foreign = Path.Combine(parent, "not-ours-2147483646-0badc0de");
        Directory.CreateDirectory(dead);
        Directory.CreateDirectory(live);
        Directory.CreateDirectory(foreign);

        using (var run = RunDirectory.Create("wal", parent))
        {
            Directory.Exists(run.Path).Should().BeTrue();
        }

        Directory.Exists(dead).Should().BeFalse();
        Directory.Exists(live).Should().BeTrue();
        Directory.Exists(foreign).Should().BeTrue();
    }

    [Theory]
    [InlineData("ftf-wal-1234-deadbeef", true, 1234)]
    [InlineData("ftf-why-benchmarks-lie-99-0123abcd", true, 99)]
    [InlineData("ftf-wal-abc-deadbeef", false, 0)]
    [InlineData("other-wal-1234-deadbeef", false, 0)]
    public void Run_directory_names_carry_their_pid(string name, bool parses, int pid)
    {
        RunDirectory.TryParsePid(name, out int parsed).Should().Be(parses);
        parsed.Should().Be(pid);
    }

    [Fact]
    public void Crc32C_matches_the_standard_check_value()
    {
        Crc32C.Compute("123456789"u8).Should().Be(0xE3069283u);
        Crc32C.Compute([]).Should().Be(0u);
    }
}
