using StorageEngine.IO;
using StorageEngine.Wal;

namespace StorageEngine.Tests;

public class WalFaultTests
{
    [Fact]
    public void A_missing_directory_is_a_clear_error_naming_it()
    {
        using var dir = new WalDirectory();
        string missing = Path.Combine(dir.Path, "does-not-exist");
        var act = () => new StripedTable<int, Row>(WalOptions.InDirectory(missing));
        act.Should().Throw<WalException>().Where(e => e.WalPath == missing).WithMessage($"*{missing}*does not exist*");
    }

    [Fact]
    public void An_unwritable_directory_is_a_clear_error_naming_it()
    {
        using var dir = new WalDirectory();
        string readOnly = Path.Combine(dir.Path, "read-only");
        Directory.CreateDirectory(readOnly);
        File.SetUnixFileMode(readOnly, UnixFileMode.UserRead | UnixFileMode.UserExecute);
        if (CanCreateFileIn(readOnly))
        {
            // Running as root: permissions do not stop us, but sysfs refuses new files even to root.
            readOnly = "/sys/kernel";
            CanCreateFileIn(readOnly).Should().BeFalse("the test needs some directory this process cannot write");
        }

        var act = () => new LockTable<int, Row>(WalOptions.InDirectory(readOnly));
        act.Should().Throw<WalException>().WithMessage($"*{readOnly}*writable*");
    }

    [Fact]
    public void A_file_that_is_not_a_WAL_is_refused_and_left_untouched()
    {
        using var dir = new WalDirectory();
        byte[] foreign = "name,value\nalpha,1\nbeta,2\n this is a CSV file, not a log"u8.ToArray();
        File.WriteAllBytes(dir.WalPath(), foreign);

        var act = () => new StripedTable<int, Row>(dir.Wal());
        act.Should().Throw<WalFormatException>()
            .Where(e => e.WalPath == dir.WalPath())
            .WithMessage($"*{dir.WalPath()}*magic*");
        File.ReadAllBytes(dir.WalPath()).Should().Equal(foreign);
    }

    [Fact]
    public void A_WAL_of_other_key_and_value_types_is_refused()
    {
        using var dir = new WalDirectory();
        using (var table = new StripedTable<int, Row>(dir.Wal()))
        {
            table.Insert(1, Row.Default);
        }

        var act = () => new StripedTable<long, string>(dir.Wal());
        act.Should().Throw<WalFormatException>().WithMessage("*int32→row*int64→utf8*");
    }

    [Fact]
    public void A_WAL_path_that_is_a_directory_is_refused()
    {
        using var dir = new WalDirectory();
        Directory.CreateDirectory(dir.WalPath());
        var act = () => new LockTable<int, Row>(dir.Wal());
        act.Should().Throw<WalException>().WithMessage("*is a directory*");
    }

    [Fact]
    public void A_WAL_is_opened_by_one_table_at_a_time()
    {
        using var dir = new WalDirectory();
        using var first = new StripedTable<int, Row>(dir.Wal());
        var act = () => new StripedTable<int, Row>(dir.Wal());
        act.Should().Throw<WalException>().WithMessage($"*{dir.WalPath()}*another table or process*");
    }

    [Theory]
    [InlineData(TableKind.Lock)]
    [InlineData(TableKind.Striped)]
    public void A_failed_sync_poisons_the_table_and_keeps_what_was_durable(TableKind backend)
    {
        using var dir = new WalDirectory();
        bool failSyncs = false;
        var fs = new FaultyFileSystem(OsFileSystem.Instance)
        {
            Fault = (op, path, _) => failSyncs && op == FileOperation.Sync ? FaultyFileSystem.DiskFull(path) : null,
        };
        var options = dir.Wal() with { FileSystem = fs };

        var table = Tables.Create(backend, options);
        table.Insert(1, Row.Generate(1));
        table.FlushWAL(); // durable
        failSyncs = true;
        table.Insert(2, Row.Generate(2));

        var flush = () => table.FlushWAL();
        flush.Should().Throw<WalFailedException>().WithMessage($"*{dir.WalPath()}*sync*No space left*");
        var insert = () => table.Insert(3, Row.Generate(3));
        insert.Should().Throw<WalFailedException>("the table must not accept changes it cannot make durable");
        table.Dispose(); // closing a failed table does not throw again

        using var reopened = Tables.Create(backend, dir.Wal());
        reopened.Get(1).Should().Be(Row.Generate(1));
        reopened.TryGet(3, out _).Should().BeFalse();
    }

    [Fact]
    public void A_failed_write_poisons_the_table()
    {
        using var dir = new WalDirectory();
        var fs = new FaultyFileSystem(OsFileSystem.Instance)
        {
            Fault = (op, path, _) => op == FileOperation.Write && path == dir.WalPath() ? new IOException("Input/output error (simulated)", 5) : null,
        };
        var options = dir.Wal() with { BufferSize = 4096, FileSystem = fs };

        using var table = new StripedTable<int, Row>(options with { StripeCount = 1 });
        var fill = () =>
        {
            for (int key = 0; key < 1_000; key++)
            {
                table.Insert(key, Row.Generate(key)); // the stripe spills to the file after ~4 KiB
            }
        };
        fill.Should().Throw<WalFailedException>().WithMessage("*write*Input/output error*");
    }

    [Fact]
    public void A_damaged_tail_in_a_directory_that_takes_no_new_file_is_refused_naming_the_log_and_left_untouched()
    {
        using var dir = new WalDirectory();
        string logDirectory = Path.Combine(dir.Path, "logs");
        Directory.CreateDirectory(logDirectory);
        byte[] log = LogWithDamagedTail(WalOptions.InDirectory(logDirectory));
        string path = Path.Combine(logDirectory, WalOptions.DefaultFileName);

        using (UnwritableDirectory.Make(logDirectory))
        {
            var open = () => new StripedTable<int, Row>(WalOptions.InDirectory(logDirectory));
            open.Should().Throw<WalException>()
                .Where(e => e.WalPath == path && e.InnerException is UnauthorizedAccessException)
                .WithMessage($"*{path}*damaged tail*cannot preserve it*left untouched*");
        }

        File.ReadAllBytes(path).Should().Equal(log);
        Directory.GetFiles(logDirectory).Should().Equal([path], "no partial copy is left behind");
    }

    [Fact]
    public void A_damaged_tail_on_a_full_disk_is_refused_and_the_partial_copy_removed()
    {
        using var dir = new WalDirectory();
        byte[] log = LogWithDamagedTail(dir.Wal());
        var fs = new FaultyFileSystem(OsFileSystem.Instance)
        {
            Fault = (op, path, _) => op == FileOperation.Write && path.Contains(".discarded-", StringComparison.Ordinal)
                ? FaultyFileSystem.DiskFull(path) : null,
        };

        var open = () => new LockTable<int, Row>(dir.Wal() with { FileSystem = fs });
        open.Should().Throw<WalException>()
            .Where(e => e.WalPath == dir.WalPath())
            .WithMessage($"*{dir.WalPath()}*cannot preserve it*No space left*disk*is full*left untouched*");
        File.ReadAllBytes(dir.WalPath()).Should().Equal(log);
        Directory.GetFiles(dir.Path).Should().Equal([dir.WalPath()], "the failed copy is removed");
    }

    [Fact]
    public void A_tail_that_cannot_be_cut_is_refused_and_its_copy_removed()
    {
        using var dir = new WalDirectory();
        byte[] log = LogWithDamagedTail(dir.Wal());
        var fs = new FaultyFileSystem(OsFileSystem.Instance)
        {
            Fault = (op, path, _) => op == FileOperation.SetLength ? new IOException($"Input/output error : '{path}'", 5) : null,
        };

        var open = () => new LockTable<int, Row>(dir.Wal() with { FileSystem = fs });
        open.Should().Throw<WalException>().Where(e => e.WalPath == dir.WalPath()).WithMessage($"*Cannot cut the damaged tail*{dir.WalPath()}*");
        File.ReadAllBytes(dir.WalPath()).Should().Equal(log);
        Directory.GetFiles(dir.Path).Should().Equal([dir.WalPath()]);
    }

    [Fact]
    public void An_existing_log_on_a_read_only_filesystem_says_so_rather_than_blaming_another_process()
    {
        using var dir = new WalDirectory();
        using (var table = new StripedTable<int, Row>(dir.Wal()))
        {
            table.Insert(1, Row.Default);
        }

        // What .NET throws when open(2) fails with EROFS (HResult = errno 30).
        var fs = new FaultyFileSystem(OsFileSystem.Instance)
        {
            Fault = (op, path, mode) => op == FileOperation.Open && mode != FileOpenMode.OpenRead ? FaultyFileSystem.ReadOnlyFileSystem(path) : null,
        };

        var open = () => new StripedTable<int, Row>(dir.Wal() with { FileSystem = fs });
        var thrown = open.Should().Throw<WalException>().Where(e => e.WalPath == dir.WalPath())
            .WithMessage($"*{dir.WalPath()}*Read-only file system*mounted read-only*").Which;
        thrown.Message.Should().NotContain("another table or process");

        var create = () => new StripedTable<int, Row>(dir.Wal("new.wal") with { FileSystem = fs });
        create.Should().Throw<WalException>().WithMessage($"*Cannot create the WAL '{dir.WalPath("new.wal")}'*mounted read-only*");
        Directory.GetFiles(dir.Path).Should().Equal([dir.WalPath()], "no temporary file is left behind");
    }

    [Fact]
    public void Bad_options_are_rejected_with_the_allowed_range()
    {
        var act = () => new StripedTable<int, Row>(new WalOptions { StripeCount = 0 });
        act.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*StripeCount*between 1 and 4096*");
        var name = () => new StripedTable<int, Row>(new WalOptions { FileName = "../escape.wal" });
        name.Should().Throw<ArgumentException>().WithMessage("*plain, non-empty file name*");
    }

    [Fact]
    public void A_type_without_a_codec_is_a_clear_error()
    {
        using var dir = new WalDirectory();
        var act = () => new StripedTable<Guid, Row>(dir.Wal());
        act.Should().Throw<NotSupportedException>().WithMessage("*System.Guid*IWalCodec*");
    }

    // A log of a few flushed records followed by 100 bytes that are not a record.
    private static byte[] LogWithDamagedTail(WalOptions options)
    {
        using (var table = new LockTable<int, Row>(options))
        {
            for (int key = 0; key < 5; key++)
            {
                table.Insert(key, Row.Generate(key));
            }
        }

        string path = Path.Combine(options.Directory!, options.FileName);
        File.AppendAllText(path, new string('x', 100));
        return File.ReadAllBytes(path);
    }

    internal static bool CanCreateFileIn(string directory)
    {
        try
        {
            string probe = Path.Combine(directory, ".probe-" + Guid.NewGuid().ToString("N"));
            File.WriteAllBytes(probe, []);
            File.Delete(probe);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }
}
