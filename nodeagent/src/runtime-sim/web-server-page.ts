// The nginx and httpd images' servers on a pod's IP, port 80: the files of their document root in
// the container (a volume mounted there is served), else their default page for `/`, else their
// 404 page. Port 80 needs root (or CAP_NET_BIND_SERVICE): without it the container exits 1 with the
// server's own bind error.

import type { Program } from './shell-context.ts';
import { listenHttp, serveOnPodIp, type ListenError } from './pod-listener.ts';
import { resolvePath } from './shell-context.ts';

interface WebServer {
  readonly name: string;
  readonly documentRoot: string;
  readonly defaultPage: string;
  readonly notFoundPage: string;
  bindError(error: ListenError): string;
}

const nginx: WebServer = {
  name: 'nginx',
  documentRoot: '/usr/share/nginx/html',
  defaultPage: `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`,
  notFoundPage: '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  bindError: (error) => `nginx: [emerg] bind() to 0.0.0.0:80 failed (${error.code === 'EACCES' ? '13: Permission denied' : '98: Address already in use'})`,
};

const httpd: WebServer = {
  name: 'Apache',
  documentRoot: '/usr/local/apache2/htdocs',
  defaultPage: '<html><body><h1>It works!</h1></body></html>\n',
  notFoundPage:
    '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>404 Not Found</title>\n</head><body>\n<h1>Not Found</h1>\n<p>The requested URL was not found on this server.</p>\n</body></html>\n',
  bindError: (error) =>
    `(${error.code === 'EACCES' ? '13)Permission denied' : '98)Address already in use'}: AH00072: make_sock: could not bind to address 0.0.0.0:80\nno listening sockets available, shutting down`,
};

function webServer(server: WebServer, banner: string): Program {
  return (_args, context, _stdin, io) => {
    if (banner !== '') io.stdout(banner);
    return serveOnPodIp(
      context,
      io,
      async (ip, opened) => {
        opened.push(
          await listenHttp(ip, 80, (request, response) => {
            request.resume();
            const urlPath = resolvePath(decodeURIComponent(new URL(request.url ?? '/', 'http://pod').pathname), '/');
            const file = `${server.documentRoot}${urlPath === '/' ? '' : urlPath}`;
            const isDirectory = context.listDirectory(file) !== undefined;
            const bytes = context.readBytes(isDirectory ? `${file}/index.html` : file);
            const html = { Server: server.name, 'Content-Type': 'text/html' };
            if (bytes !== undefined) response.writeHead(200, html).end(request.method === 'HEAD' ? undefined : bytes);
            else if (urlPath === '/' || urlPath === '/index.html') response.writeHead(200, html).end(request.method === 'HEAD' ? undefined : server.defaultPage);
            else response.writeHead(404, html).end(request.method === 'HEAD' ? undefined : server.notFoundPage);
          }),
        );
      },
      { describe: server.bindError },
    );
  };
}

/** nginx (and its image's /docker-entrypoint.sh, which runs it), printing `banner` first. */
export const nginxServer = (banner: string): Program => webServer(nginx, banner);
export const httpdServer = (): Program => webServer(httpd, '');
