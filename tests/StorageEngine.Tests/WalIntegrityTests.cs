using System.Buffers.Binary;
using StorageEngine.Wal;

namespace StorageEngine.Tests;

/// <summary>
/// Records are bound to their position (format 2): a record lost from, repeated in, or carried into the middle of a
/// log stops recovery there, so the recovered state is always a prefix of what was written.
/// </summary>
public class WalIntegrityTests
{
    private const int Records = 16;

    [Fact]
    public void Removing_any_record_stops_recovery_where_it_was()
    {
        var (log, ends) = SimulatedLogs.Write(Records);
        for (int i = 0; i < Records; i++)
        {
            long start = StartOf(i, ends);
            byte[] damaged = [.. log.AsSpan(0, (int)start), .. log.AsSpan((int)ends[i])];
            AssertRecoversPrefix(damaged, i, start, $"record {i} removed");
        }
    }

    [Fact]
    public void Repeating_any_record_stops_recovery_at_the_copy()
    {
        var (log, ends) = SimulatedLogs.Write(Records);
        for (int i = 0; i < Records; i++)
        {
            var record = log.AsSpan((int)StartOf(i, ends), (int)(ends[i] - StartOf(i, ends)));
            byte[] damaged = [.. log.AsSpan(0, (int)ends[i]), .. record, .. log.AsSpan((int)ends[i])];
            AssertRecoversPrefix(damaged, i + 1, ends[i], $"record {i} repeated");
        }
    }

    [Fact]
    public void Losing_or_repeating_any_512_byte_sector_stops_recovery_there()
    {
        var (log, ends) = SimulatedLogs.Write(48); // several sectors of records
        for (int start = 0; start + SimulatedDisk.SectorSize <= log.Length; start += SimulatedDisk.SectorSize)
        {
            int end = start + SimulatedDisk.SectorSize;
            if (start < WalFormat.HeaderSize)
            {
                continue; // the header's own sector: a damaged header is refused, not cut (WalFaultTests)
            }

            int before = ends.Count(e => e <= start);
            byte[] lost = [.. log.AsSpan(0, start), .. log.AsSpan(end)];
            AssertRecoversPrefix(lost, before, before == 0 ? WalFormat.HeaderSize : ends[before - 1], $"sector at {start} lost");

            int through = ends.Count(e => e <= end);
            byte[] repeated = [.. log.AsSpan(0, end), .. log.AsSpan(start, SimulatedDisk.SectorSize), .. log.AsSpan(end)];
            AssertRecoversPrefix(repeated, through, through == 0 ? WalFormat.HeaderSize : ends[through - 1], $"sector at {start} repeated");
        }
    }

    [Fact]
    public void A_record_from_another_log_at_the_same_offset_is_rejected()
    {
        // Two logs with the same records differ only in their salt: splicing one's record into the other models
        // stale bytes of an earlier log at the same place (a recycled file, a misdirected write).
        var (first, ends) = SimulatedLogs.Write(Records);
        var (second, _) = SimulatedLogs.Write(Records);
        WalFormat.ReadSalt(first).Should().NotBe(WalFormat.ReadSalt(second));
        for (int i = 0; i < Records; i++)
        {
            long start = StartOf(i, ends);
            byte[] spliced = [.. first];
            second.AsSpan((int)start, (int)(ends[i] - start)).CopyTo(spliced.AsSpan((int)start));
            AssertRecoversPrefix(spliced, i, start, $"record {i} from the other log");
        }
    }

    [Fact]
    public void A_format_1_log_is_refused_with_what_to_do_and_left_untouched()
    {
        byte[] log = FormatOneLog(key: 7, Row.Generate(7));
        using var dir = new WalDirectory();
        File.WriteAllBytes(dir.WalPath(), log);

        var open = () => new StripedTable<int, Row>(dir.Wal());
        open.Should().Throw<WalFormatException>()
            .Where(e => e.WalPath == dir.WalPath())
            .WithMessage($"*{dir.WalPath()}*format version 1*not bound to their position*version 2*Move the file away*");
        File.ReadAllBytes(dir.WalPath()).Should().Equal(log);
    }

    [Fact]
    public void Every_record_check_covers_its_offset_salt_and_length()
    {
        uint salt = 0x1234_5678;
        var terms = new HashSet<uint>
        {
            WalFormat.PositionTerm(salt, 64, 100),
            WalFormat.PositionTerm(salt, 65, 100),
            WalFormat.PositionTerm(salt, 64, 101),
            WalFormat.PositionTerm(salt + 1, 64, 100),
        };
        terms.Should().HaveCount(4, "a change of offset, length or salt changes the check");
    }

    private static long StartOf(int record, List<long> ends) => record == 0 ? WalFormat.HeaderSize : ends[record - 1];

    private static void AssertRecoversPrefix(byte[] damaged, int expectedRecords, long validBytes, string because)
    {
        using var table = SimulatedLogs.Open(damaged, out var disk);
        var recovery = table.Wal!.Recovery;
        recovery.RecordsReplayed.Should().Be(expectedRecords, because);
        recovery.ValidBytes.Should().Be(validBytes, because);
        if (damaged.Length > validBytes)
        {
            recovery.DiscardReason.Should().Contain($"offset {validBytes}", because);
            disk.Content(recovery.DiscardedTailCopy!).Should().Equal(damaged[(int)validBytes..], "the cut tail is preserved");
        }

        table.Count.Should().Be(expectedRecords, because);
        for (int key = 0; key < expectedRecords; key++)
        {
            table.Get(key).IsGeneratedFor(key).Should().BeTrue(because);
        }
    }

    // The layout of format 1 (records checked by CRC-32C of the body alone), written by hand.
    private static byte[] FormatOneLog(int key, Row row)
    {
        var header = new byte[WalFormat.HeaderSize];
        "FTF-WAL\n"u8.CopyTo(header);
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(8), 1);
        BinaryPrimitives.WriteUInt16LittleEndian(header.AsSpan(10), WalFormat.HeaderSize);
        "int32"u8.CopyTo(header.AsSpan(16));
        "row"u8.CopyTo(header.AsSpan(36));
        BinaryPrimitives.WriteUInt32LittleEndian(header.AsSpan(60), Crc32C.Compute(header.AsSpan(0, 60)));

        var body = new byte[1 + 4 + 1 + row.Length];
        body[0] = WalFormat.PutRecord;
        BinaryPrimitives.WriteInt32LittleEndian(body.AsSpan(1), key);
        body[5] = (byte)row.Length;
        row.CopyTo(body.AsSpan(6));
        var record = new byte[WalFormat.RecordHeaderSize + body.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)body.Length);
        BinaryPrimitives.WriteUInt32LittleEndian(record.AsSpan(4), Crc32C.Compute(body));
        body.CopyTo(record.AsSpan(WalFormat.RecordHeaderSize));
        return [.. header, .. record];
    }
}
