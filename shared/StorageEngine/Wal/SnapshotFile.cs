using System.Buffers.Binary;
using StorageEngine.IO;

namespace StorageEngine.Wal;

/// <summary>
/// A checkpoint's snapshot: the table's entries when a log generation began. Same header and records as a log
/// (magic "FTF-SNAP", each record bound to its offset and the file's salt), closed by an end record that holds the
/// number of entries, so a snapshot missing its end, or anything after it, is refused.
/// </summary>
internal static class SnapshotFile
{
    private const int BufferSize = 1 << 20;

    /// <summary>Writes the snapshot of <paramref name="generation"/> durably (temporary file, sync, rename, directory sync).</summary>
    public static void Write<TKey, TValue>(IFileSystem fs, LogFiles files, uint generation, RecordCodec<TKey, TValue> codec,
        IReadOnlyList<KeyValuePair<TKey, TValue>> entries, WalTestHooks? hooks)
    {
        WalIo.CreateDurably(fs, files.Directory, files.Snapshot(generation), file =>
        {
            uint salt = WalFormat.NewSalt();
            file.Write(WalFormat.BuildHeader(WalFormat.SnapshotMagic, codec.Keys.Name, codec.Values.Name, salt, generation), 0);
            var buffer = new byte[BufferSize];
            long offset = WalFormat.HeaderSize;
            int used = 0;
            void WriteBuffer()
            {
                WalFormat.BindToPosition(buffer.AsSpan(0, used), offset, salt);
                file.Write(buffer.AsSpan(0, used), offset);
                offset += used;
                used = 0;
            }

            foreach (var (key, value) in entries)
            {
                int size = codec.PutSize(key, value, out int keyBytes);
                if (used + size > buffer.Length)
                {
                    WriteBuffer();
                    if (size > buffer.Length)
                    {
                        buffer = new byte[size];
                    }
                }

                codec.WritePut(buffer.AsSpan(used, size), key, value, keyBytes);
                used += size;
            }

            Span<byte> count = stackalloc byte[sizeof(long)];
            BinaryPrimitives.WriteInt64LittleEndian(count, entries.Count);
            if (used + WalFormat.RecordHeaderSize + 1 + count.Length > buffer.Length)
            {
                WriteBuffer();
            }

            used += RecordCodec<TKey, TValue>.WriteOther(buffer.AsSpan(used), WalFormat.SnapshotEndRecord, count);
            WriteBuffer();
        }, hooks);
    }

    /// <summary>
    /// Reads and checks the whole snapshot of <paramref name="generation"/> at <paramref name="path"/>; returns null and
    /// its entries, or what is wrong with it.
    /// </summary>
    public static string? TryRead<TKey, TValue>(IFileSystem fs, string path, uint generation, RecordCodec<TKey, TValue> codec,
        out List<KeyValuePair<TKey, TValue>> entries)
    {
        entries = [];
        try
        {
            using var file = fs.Open(path, FileOpenMode.OpenRead);
            byte[] header = RecordReader.ReadHeader(file);
            if (WalFormat.ValidateHeader(WalFormat.SnapshotMagic, header, codec.Keys.Name, codec.Values.Name) is { } problem)
            {
                return problem;
            }

            if (WalFormat.ReadGeneration(header) != generation)
            {
                return $"it holds generation {WalFormat.ReadGeneration(header)}, its name says {generation}";
            }

            var reader = new RecordReader(file, WalFormat.ReadSalt(header));
            while (reader.TryNext(out var body))
            {
                if (body[0] == WalFormat.SnapshotEndRecord)
                {
                    long count = body.Length == 1 + sizeof(long) ? BinaryPrimitives.ReadInt64LittleEndian(body[1..]) : -1;
                    return count != entries.Count ? $"its end record counts {count} entries, it holds {entries.Count}"
                        : reader.Offset != reader.Length ? $"{reader.Length - reader.Offset} bytes follow its end record"
                        : null;
                }

                if (codec.TryReadPut(body, out var key, out var value) is { } bad)
                {
                    reader.Reject(bad);
                    break;
                }

                entries.Add(new(key, value));
            }

            return reader.Problem ?? "it ends without its end record (truncated)";
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return $"it cannot be read: {e.Message}";
        }
    }
}
