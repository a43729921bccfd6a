#!/usr/bin/env python3
"""An independent check of SVG text the app wrote: parsed by Python's own XML parser (expat via
xml.dom.minidom), not by any code of ours. Reads SVG on stdin, prints a JSON list of unsafe constructs."""
import json
import re
import sys
from xml.dom import minidom, Node

FORBIDDEN = {'script', 'foreignobject', 'a', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'meta',
             'link', 'object', 'embed', 'base', 'frame', 'frameset', 'handler', 'listener', 'set', 'animate',
             'animatemotion', 'animatetransform', 'animatecolor', 'discard'}
XHTML = 'http://www.w3.org/1999/xhtml'
LOCAL_REF = re.compile(r'^(#|data:image/(png|jpe?g|gif|webp|avif);base64,)', re.I)
# Embedded fonts are inert data as well (the favicon generator embeds its font).
LOCAL_URL = re.compile(r'^(#|data:(image/(png|jpe?g|gif|webp|avif)|font/(woff2?|ttf|otf));base64,)', re.I)
ACTIVE = re.compile(r'(javascript|vbscript|livescript|data:text|data:application/(x-)?javascript)\s*:?', re.I)


try:
    import tinycss2
except ImportError:  # Debian's python3-tinycss2 when the python3 on PATH is another one
    sys.path.append('/usr/lib/python3/dist-packages')
    import tinycss2

# Functions whose string or URL argument the browser fetches.
FETCHING = {'url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade'}


def css_problems(css, where):
    """CSS tokenised by tinycss2 (CSS Syntax Level 3, not our tokenizer): every URL must be local, closed or not."""
    out = []

    def walk(values, inside=None):
        for v in values:
            kind = v.type
            if kind == 'url' and not LOCAL_URL.match(v.value.strip()):
                out.append(f'url({v.value[:60]}) in {where}')
            elif kind == 'error' and 'url' in v.kind and v.kind != 'eof-in-url':  # the url token before it is judged
                out.append(f'bad url ({v.kind}) in {where}')
            elif kind == 'at-keyword' and v.lower_value == 'import':
                out.append(f'@import in {where}')
            elif kind == 'string' and inside in FETCHING and not LOCAL_URL.match(v.value.strip()):
                out.append(f'{inside}("{v.value[:60]}") in {where}')
            elif kind == 'function':
                name = v.lower_name
                if name == 'expression':
                    out.append(f'expression() in {where}')
                walk(v.arguments, name if name in FETCHING else inside)
            elif kind in ('() block', '[] block', '{} block'):
                walk(v.content, inside)
            elif kind == 'at-rule':
                walk(v.prelude, inside)
                walk(v.content or [], inside)
            elif kind in ('ident', 'string') and ACTIVE.search(re.sub(r'[\x00-\x20]', '', v.value)):
                out.append(f'script URL in {where}')

    walk(tinycss2.parse_component_value_list(css))
    return out


def check(text):
    problems = []
    doc = minidom.parseString(text.encode('utf-8'))
    for node in doc.childNodes:
        if node.nodeType == Node.PROCESSING_INSTRUCTION_NODE:
            problems.append(f'<?{node.target}?>')
        if node.nodeType == Node.DOCUMENT_TYPE_NODE and (node.internalSubset or node.systemId):
            problems.append('doctype with declarations')

    def walk(el):
        name = (el.localName or el.tagName).lower()
        if name in FORBIDDEN or el.namespaceURI == XHTML:
            problems.append(f'<{el.tagName}>')
        if name == 'style':
            problems.extend(css_problems(''.join(c.data for c in el.childNodes if c.nodeType in (Node.TEXT_NODE, Node.CDATA_SECTION_NODE)), '<style>'))
        for i in range(el.attributes.length):
            attr = el.attributes.item(i)
            an, value = attr.name.lower(), attr.value
            local = an.split(':')[-1]
            squeezed = re.sub(r'[\x00-\x20\x7f-\xa0]', '', value)
            if an == 'xml:base':
                problems.append(f'xml:base on <{el.tagName}>')
            elif local.startswith('on'):
                problems.append(f'{attr.name} on <{el.tagName}>')
            elif local in ('href', 'src', 'action', 'formaction') and not LOCAL_REF.match(value.strip()):
                problems.append(f'{attr.name}="{value[:60]}" on <{el.tagName}>')
            elif ACTIVE.match(squeezed):
                problems.append(f'script URL in {attr.name} on <{el.tagName}>')
            elif an == 'http-equiv' and value.strip().lower() == 'refresh':
                problems.append('meta refresh')
            else:
                problems.extend(css_problems(value, f'{attr.name} on <{el.tagName}>'))
        for c in el.childNodes:
            if c.nodeType == Node.ELEMENT_NODE:
                walk(c)
            elif c.nodeType == Node.PROCESSING_INSTRUCTION_NODE:
                problems.append(f'<?{c.target}?> inside')

    walk(doc.documentElement)
    return problems


if __name__ == '__main__':
    data = sys.stdin.buffer.read().decode('utf-8')
    try:
        print(json.dumps(check(data)))
    except Exception as error:  # not even well-formed: that is a problem too
        print(json.dumps([f'not well-formed XML: {error}']))
