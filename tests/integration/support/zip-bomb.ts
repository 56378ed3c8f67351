import { crc32, createDeflateRaw } from 'node:zlib'

// A zip bomb shaped like a workbook: `xl/worksheets/sheet1.xml` is `size`
// bytes of one repeated character, deflated to about a thousandth of that.
// `declared` is the size its headers claim (a bomb may lie, to pass a check
// of the zip's directory alone). Written by hand: a zip library would refuse
// to write a lie.

export async function zipBomb(size: number, declared = size): Promise<Buffer> {
  const name = Buffer.from('xl/worksheets/sheet1.xml')
  const chunk = Buffer.alloc(1024 * 1024, ' ')
  const deflate = createDeflateRaw({ level: 9 })
  const parts: Buffer[] = []
  deflate.on('data', (part: Buffer) => parts.push(part))
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject))
  let crc = 0
  for (let written = 0; written < size; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - written))
    crc = crc32(piece, crc)
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  deflate.end()
  await done
  const data = Buffer.concat(parts)

  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4) // version needed
  local.writeUInt16LE(8, 8) // deflate
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(declared, 22)
  local.writeUInt16LE(name.length, 26)

  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4) // version made by
  central.writeUInt16LE(20, 6) // version needed
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(declared, 24)
  central.writeUInt16LE(name.length, 28)
  // Offset of the local header (42): 0.

  const directoryAt = local.length + name.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + name.length, 12)
  end.writeUInt32LE(directoryAt, 16)
  return Buffer.concat([local, name, data, central, name, end])
}
